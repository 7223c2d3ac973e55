CREATE TABLE `order_access` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_access_token_hash_unique` ON `order_access` (`token_hash`);--> statement-breakpoint
CREATE INDEX `order_access_email_idx` ON `order_access` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `order_access_expires_idx` ON `order_access` (`expires_at`);