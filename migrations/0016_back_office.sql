CREATE TABLE `admin_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_links_token_hash_unique` ON `admin_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_links_expires_idx` ON `admin_links` (`expires_at`);--> statement-breakpoint
CREATE TABLE `admin_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`ended_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_sessions_token_hash_unique` ON `admin_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_sessions_seen_idx` ON `admin_sessions` (`last_seen_at`);--> statement-breakpoint
ALTER TABLE `stock_moves` ADD `actor` text;--> statement-breakpoint
CREATE INDEX `order_events_status_idx` ON `order_events` (`status`,`at`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_fulfilment_created_idx` ON `orders` (`fulfilment`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_email_idx` ON `orders` (lower("email"));