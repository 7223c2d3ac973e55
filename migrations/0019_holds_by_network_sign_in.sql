ALTER TABLE `stock_reservations` ADD `network` text;--> statement-breakpoint
CREATE INDEX `stock_reservations_network_idx` ON `stock_reservations` (`network`,`product_id`);--> statement-breakpoint
CREATE INDEX `admin_links_email_idx` ON `admin_links` (`email`,`created_at`);