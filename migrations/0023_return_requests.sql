CREATE TABLE `return_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`order_id` integer NOT NULL,
	`reason` text NOT NULL,
	`outcome` text NOT NULL,
	`lines` text NOT NULL,
	`note` text,
	`state` text DEFAULT 'requested' NOT NULL,
	`answer` text,
	`value` integer NOT NULL,
	`decided_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_requests_number_unique` ON `return_requests` (`number`);--> statement-breakpoint
CREATE INDEX `return_requests_state_idx` ON `return_requests` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `return_requests_order_idx` ON `return_requests` (`order_id`);