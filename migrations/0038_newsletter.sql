CREATE TABLE `newsletter_posts` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`queued_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`subscriber_id` integer NOT NULL,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`email_last_error` text,
	`notified_at` text,
	`confirmed_at` text,
	`confirmation_wanted` integer DEFAULT true NOT NULL,
	`email_lease_until` text,
	`email_next_attempt_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_sends_post_idx` ON `newsletter_sends` (`post_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_sends_progress_idx` ON `newsletter_sends` (`post_id`,`notified_at`);--> statement-breakpoint
CREATE INDEX `newsletter_sends_owed_idx` ON `newsletter_sends` (`notified_at`,`id`);--> statement-breakpoint
CREATE INDEX `newsletter_sends_subscriber_idx` ON `newsletter_sends` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `subscriber_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriber_id` integer NOT NULL,
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
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriber_mails_kind_idx` ON `subscriber_mails` (`subscriber_id`,`kind`);--> statement-breakpoint
CREATE INDEX `subscriber_mails_owed_idx` ON `subscriber_mails` (`notified_at`,`id`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email_key` text NOT NULL,
	`email` text,
	`market` text,
	`token` text NOT NULL,
	`consent` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmed_at` text,
	`ended_at` text,
	`end_reason` text,
	`welcome_code` text,
	`code_made` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_token_unique` ON `subscribers` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_live_idx` ON `subscribers` (`email_key`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `subscribers_confirmed_idx` ON `subscribers` (`id`) WHERE ended_at is null and confirmed_at is not null;--> statement-breakpoint
CREATE INDEX `subscribers_pending_idx` ON `subscribers` (`created_at`) WHERE ended_at is null and confirmed_at is null;--> statement-breakpoint
CREATE INDEX `subscribers_code_idx` ON `subscribers` (`id`) WHERE code_made = 0 and welcome_code is not null;--> statement-breakpoint
CREATE INDEX `subscribers_key_idx` ON `subscribers` (`email_key`);--> statement-breakpoint
CREATE INDEX `subscribers_created_idx` ON `subscribers` (`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_ended_idx` ON `subscribers` (`ended_at`);--> statement-breakpoint
-- Posts already out when the list starts are not mailed to its first subscribers.
INSERT INTO `newsletter_posts` (`post_id`, `state`) SELECT `id`, 'skipped' FROM `blog_posts` WHERE `published` = 1 AND `published_at` <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now');