CREATE TABLE `review_votes` (
	`review_id` integer NOT NULL,
	`voter` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`review_id`, `voter`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `reviews` ADD `helpful` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `reviews_product_helpful_idx` ON `reviews` (`product_id`,`state`,`helpful`,`created_at`);