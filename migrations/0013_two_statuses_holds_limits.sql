CREATE TABLE `rate_hits` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`window` integer NOT NULL,
	`hits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scope`, `key`, `window`)
);
--> statement-breakpoint
CREATE INDEX `rate_hits_window_idx` ON `rate_hits` (`window`);--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilment` text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_reservations` ADD `holder` text;--> statement-breakpoint
ALTER TABLE `stock_reservations` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `stock_reservations` ADD `session_id` text;--> statement-breakpoint
CREATE INDEX `stock_reservations_holder_idx` ON `stock_reservations` (`holder`);--> statement-breakpoint
CREATE INDEX `stock_reservations_expires_idx` ON `stock_reservations` (`expires_at`);--> statement-breakpoint
CREATE INDEX `products_link_standard_idx` ON `products` (json_extract(`doc`, '$.payment_links.standard'));--> statement-breakpoint
CREATE INDEX `products_link_uk_idx` ON `products` (json_extract(`doc`, '$.payment_links.uk'));--> statement-breakpoint
-- Two statuses from one: what went out stays shipped whatever the money does since.
UPDATE `orders` SET `fulfilment` = 'shipped' WHERE `status` = 'shipped' OR EXISTS (SELECT 1 FROM `order_events` WHERE `order_events`.`order_id` = `orders`.`id` AND `order_events`.`step` = 'shipped');--> statement-breakpoint
UPDATE `orders` SET `status` = 'paid' WHERE `status` = 'shipped';--> statement-breakpoint
UPDATE `orders` SET `fulfilment` = 'returned' WHERE (SELECT coalesce(sum(`quantity`), 0) FROM `order_lines` WHERE `order_lines`.`order_id` = `orders`.`id` AND `order_lines`.`product_id` IS NOT NULL) > 0 AND (SELECT coalesce(sum(`change`), 0) FROM `stock_moves` WHERE `stock_moves`.`order_number` = `orders`.`number` AND `stock_moves`.`reason` = 'return') >= (SELECT coalesce(sum(`quantity`), 0) FROM `order_lines` WHERE `order_lines`.`order_id` = `orders`.`id` AND `order_lines`.`product_id` IS NOT NULL);
