CREATE TABLE `stock_alert_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alert_id` integer NOT NULL,
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
	FOREIGN KEY (`alert_id`) REFERENCES `stock_alerts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alert_mails_kind_idx` ON `stock_alert_mails` (`alert_id`,`kind`);--> statement-breakpoint
CREATE INDEX `stock_alert_mails_owed_idx` ON `stock_alert_mails` (`notified_at`,`id`);--> statement-breakpoint
CREATE TABLE `stock_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`email_key` text NOT NULL,
	`email` text,
	`market` text,
	`token` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmed_at` text,
	`ended_at` text,
	`end_reason` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_live_idx` ON `stock_alerts` (`product_id`,`email_key`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `stock_alerts_waiting_idx` ON `stock_alerts` (`product_id`,`confirmed_at`,`id`) WHERE ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_token_idx` ON `stock_alerts` (`token`);--> statement-breakpoint
CREATE INDEX `stock_alerts_created_idx` ON `stock_alerts` (`created_at`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `stock_alerts_kept_idx` ON `stock_alerts` (`ended_at`) WHERE email is not null;