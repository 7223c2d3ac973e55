CREATE TABLE `stock` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`on_hand` integer DEFAULT 0 NOT NULL,
	`links_active` integer DEFAULT true NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stock_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`change` integer NOT NULL,
	`reason` text NOT NULL,
	`order_number` text,
	`note` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stock_moves_product_idx` ON `stock_moves` (`product_id`,`id`);--> statement-breakpoint
CREATE TABLE `stock_reservations` (
	`reservation` text NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`reservation`, `product_id`)
);
--> statement-breakpoint
CREATE INDEX `stock_reservations_product_idx` ON `stock_reservations` (`product_id`,`expires_at`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `short` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Opening stock from the labels the catalogue showed (In Stock 25, Low Stock 3, Out of Stock 0), one move each, so nothing changes on sight.
INSERT INTO `stock` (`product_id`, `on_hand`) VALUES (1,25),(2,25),(3,25),(4,25),(5,25),(6,25),(7,25),(8,3),(9,25),(10,25),(11,0),(12,25),(13,25),(14,25),(15,25);--> statement-breakpoint
INSERT INTO `stock_moves` (`product_id`, `change`, `reason`, `note`) SELECT `product_id`, `on_hand`, 'adjust', 'opening stock (from the label)' FROM `stock` WHERE `on_hand` <> 0;
