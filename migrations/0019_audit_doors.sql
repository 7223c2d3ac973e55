CREATE TABLE `admin_form_uses` (
	`token` text PRIMARY KEY NOT NULL,
	`used_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_form_uses_used_idx` ON `admin_form_uses` (`used_at`);--> statement-breakpoint
ALTER TABLE `stock_reservations` ADD `network` text;--> statement-breakpoint
CREATE INDEX `stock_reservations_network_idx` ON `stock_reservations` (`network`,`product_id`);--> statement-breakpoint
CREATE INDEX `admin_links_email_idx` ON `admin_links` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `order_lines_short_idx` ON `order_lines` (`order_id`) WHERE short > 0;--> statement-breakpoint
CREATE INDEX `stock_alerts_key_idx` ON `stock_alerts` (`email_key`,`product_id`);--> statement-breakpoint
CREATE INDEX `stock_alerts_ended_idx` ON `stock_alerts` (`ended_at`);