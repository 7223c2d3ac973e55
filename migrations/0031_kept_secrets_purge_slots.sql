CREATE TABLE `kept_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `purge_slots` (
	`name` text PRIMARY KEY NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `checkout_recoveries_email_idx` ON `checkout_recoveries` (`email`,`created_at`);