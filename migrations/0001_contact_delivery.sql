ALTER TABLE `form_submissions` ADD `notified_at` text;--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `sender_key` text;--> statement-breakpoint
CREATE INDEX `form_submissions_sender_idx` ON `form_submissions` (`sender_key`,`created_at`);