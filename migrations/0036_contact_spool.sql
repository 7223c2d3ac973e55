ALTER TABLE `form_submissions` ADD `spool_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `form_submissions_spool_idx` ON `form_submissions` (`spool_id`);