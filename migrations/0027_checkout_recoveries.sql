CREATE TABLE `checkout_recoveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`email` text NOT NULL,
	`market` text,
	`cart` text NOT NULL,
	`token` text NOT NULL,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`email_last_error` text,
	`notified_at` text,
	`confirmed_at` text,
	`confirmation_wanted` integer DEFAULT true NOT NULL,
	`email_lease_until` text,
	`email_next_attempt_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_recoveries_session_id_unique` ON `checkout_recoveries` (`session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_recoveries_token_unique` ON `checkout_recoveries` (`token`);--> statement-breakpoint
CREATE INDEX `checkout_recoveries_owed_idx` ON `checkout_recoveries` (`notified_at`,`id`);--> statement-breakpoint
CREATE TABLE `mail_opt_outs` (
	`email_key` text PRIMARY KEY NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
