ALTER TABLE `form_submissions` ADD `confirmation_wanted` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `email_lease_until` text;--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `email_next_attempt_at` text;--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `recipient_key` text;--> statement-breakpoint
CREATE INDEX `form_submissions_recipient_idx` ON `form_submissions` (`recipient_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `form_submissions_owed_idx` ON `form_submissions` (`notified_at`,`id`);