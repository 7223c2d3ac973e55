CREATE TABLE `review_stats` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`stars` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The reviews approved before this migration, counted once.
INSERT INTO `review_stats` (`product_id`, `count`, `stars`) SELECT `product_id`, count(*), sum(`stars`) FROM `reviews` WHERE `state` = 'approved' GROUP BY `product_id`;
