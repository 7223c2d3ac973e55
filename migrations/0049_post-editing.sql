CREATE TABLE `post_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`by` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `post_changes_post_idx` ON `post_changes` (`post_id`,`id`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `markdown` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `edited_by` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `edited_at` text;