CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`stars` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`name` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`reply` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_product_idx` ON `reviews` (`order_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `reviews_product_state_idx` ON `reviews` (`product_id`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_state_idx` ON `reviews` (`state`,`created_at`);