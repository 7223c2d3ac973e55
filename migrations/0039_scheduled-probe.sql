CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `checkout_recoveries_confirmation_owed_idx` ON `checkout_recoveries` (`email_attempts`) WHERE confirmation_wanted = 1 and confirmed_at is null;--> statement-breakpoint
CREATE INDEX `form_submissions_confirmation_owed_idx` ON `form_submissions` (`email_attempts`) WHERE confirmation_wanted = 1 and confirmed_at is null;--> statement-breakpoint
CREATE INDEX `newsletter_sends_confirmation_owed_idx` ON `newsletter_sends` (`email_attempts`) WHERE confirmation_wanted = 1 and confirmed_at is null;--> statement-breakpoint
CREATE INDEX `order_mails_confirmation_owed_idx` ON `order_mails` (`email_attempts`) WHERE confirmation_wanted = 1 and confirmed_at is null;--> statement-breakpoint
CREATE INDEX `orders_confirmation_owed_idx` ON `orders` (`email_attempts`) WHERE confirmation_wanted = 1 and confirmed_at is null;--> statement-breakpoint
CREATE INDEX `stock_alert_mails_confirmation_owed_idx` ON `stock_alert_mails` (`email_attempts`) WHERE confirmation_wanted = 1 and confirmed_at is null;--> statement-breakpoint
CREATE INDEX `subscriber_mails_confirmation_owed_idx` ON `subscriber_mails` (`email_attempts`) WHERE confirmation_wanted = 1 and confirmed_at is null;