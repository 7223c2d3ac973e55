CREATE TABLE `newsletter_welcomes` (
	`email_key` text PRIMARY KEY NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
-- The mailboxes welcomed before this table: each subscription that drew a code (one row per mailbox).
INSERT OR IGNORE INTO `newsletter_welcomes` (`email_key`, `at`) SELECT `email_key`, coalesce(`confirmed_at`, `created_at`) FROM `subscribers` WHERE `welcome_code` IS NOT NULL;
