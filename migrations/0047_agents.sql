CREATE TABLE `acp_feed_entries` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`pushed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `acp_feeds` (
	`url` text PRIMARY KEY NOT NULL,
	`feed_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `agent_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`agent` text NOT NULL,
	`status` text NOT NULL,
	`region` text NOT NULL,
	`lines` text NOT NULL,
	`buyer` text,
	`destination` text,
	`option` text NOT NULL,
	`reservation` text,
	`short` text NOT NULL,
	`codes` text DEFAULT '[]' NOT NULL,
	`offer` text,
	`unknown_codes` text DEFAULT '[]' NOT NULL,
	`session_id` text,
	`continue_url` text,
	`order_number` text,
	`expires_at` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_checkouts_session_id_unique` ON `agent_checkouts` (`session_id`);--> statement-breakpoint
CREATE INDEX `agent_checkouts_agent_idx` ON `agent_checkouts` (`agent`,`created_at`);--> statement-breakpoint
CREATE INDEX `agent_checkouts_open_idx` ON `agent_checkouts` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `agent_checkouts_order_idx` ON `agent_checkouts` (`order_number`);--> statement-breakpoint
CREATE TABLE `agent_order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`agent` text NOT NULL,
	`next_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `agent_order_events_due_idx` ON `agent_order_events` (`sent_at`,`next_at`);--> statement-breakpoint
CREATE INDEX `agent_order_events_order_idx` ON `agent_order_events` (`order_number`);--> statement-breakpoint
CREATE TABLE `agent_requests` (
	`agent` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer NOT NULL,
	`body` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`agent`, `key`)
);
--> statement-breakpoint
CREATE INDEX `agent_requests_at_idx` ON `agent_requests` (`at`);
--> statement-breakpoint
-- A step on the timeline of an order an agent's checkout became owes that agent an order event (agents/agent-tables.ts).
CREATE TRIGGER `agent_order_step` AFTER INSERT ON `order_events`
WHEN EXISTS (SELECT 1 FROM `agent_checkouts` c JOIN `orders` o ON o.`number` = c.`order_number` WHERE o.`id` = NEW.`order_id`)
BEGIN
  INSERT INTO `agent_order_events` (`order_number`, `agent`, `next_at`)
  SELECT c.`order_number`, c.`agent`, CAST(strftime('%s', 'now') AS INTEGER)
  FROM `agent_checkouts` c JOIN `orders` o ON o.`number` = c.`order_number` WHERE o.`id` = NEW.`order_id`;
END;
