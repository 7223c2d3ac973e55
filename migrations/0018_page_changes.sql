CREATE TABLE `page_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tags` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`purged_at` text
);
--> statement-breakpoint
CREATE INDEX `page_changes_pending_idx` ON `page_changes` (`id`) WHERE "page_changes"."purged_at" is null;--> statement-breakpoint
CREATE INDEX `page_changes_created_idx` ON `page_changes` (`created_at`);--> statement-breakpoint
ALTER TABLE `content_version` ADD `posts_announced_until` text;--> statement-breakpoint
ALTER TABLE `stock` ADD `shown_label` text;