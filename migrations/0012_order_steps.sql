CREATE TABLE `order_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`step` text NOT NULL,
	`kind` text NOT NULL,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`email_last_error` text,
	`notified_at` text,
	`confirmed_at` text,
	`confirmation_wanted` integer DEFAULT true NOT NULL,
	`email_lease_until` text,
	`email_next_attempt_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_mails_step_idx` ON `order_mails` (`order_id`,`step`,`kind`);--> statement-breakpoint
CREATE INDEX `order_mails_owed_idx` ON `order_mails` (`notified_at`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_events` (
	`order_id` integer NOT NULL,
	`step` text NOT NULL,
	`status` text NOT NULL,
	`detail` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`order_id`, `step`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_order_events`("order_id", "step", "status", "detail", "at") SELECT "order_id", "status", "status", NULL, "at" FROM `order_events`;--> statement-breakpoint
DROP TABLE `order_events`;--> statement-breakpoint
ALTER TABLE `__new_order_events` RENAME TO `order_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_intent` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_payment_intent_idx` ON `orders` (`payment_intent`);