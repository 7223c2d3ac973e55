CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`product_id` integer,
	`quantity` integer DEFAULT 0 NOT NULL,
	`fit` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`basis` integer DEFAULT 0 NOT NULL,
	`code` text,
	`request` text,
	`by` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_order_ref_idx` ON `ledger_entries` (`order_id`,`ref`);--> statement-breakpoint
CREATE INDEX `ledger_entries_code_idx` ON `ledger_entries` (`code`);--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_network` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `ledger_stamp` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `after_sale` text;--> statement-breakpoint
-- The ledger of orders from before it: what return requests asked and received, the refunds the shop asked Stripe for, the store credit issued.
INSERT OR IGNORE INTO `ledger_entries` (`order_id`, `kind`, `ref`, `product_id`, `quantity`, `request`, `at`)
SELECT r.`order_id`, 'asked', 'asked:' || r.`number` || CASE WHEN j.`key` = 0 THEN '' ELSE ':' || j.`key` END,
  json_extract(j.`value`, '$.productId'), json_extract(j.`value`, '$.quantity'), r.`number`, r.`created_at`
FROM `return_requests` r, json_each(r.`lines`) j WHERE r.`state` <> 'refused';--> statement-breakpoint
INSERT OR IGNORE INTO `ledger_entries` (`order_id`, `kind`, `ref`, `product_id`, `quantity`, `request`, `at`)
SELECT r.`order_id`, 'received', 'received:' || r.`number` || CASE WHEN j.`key` = 0 THEN '' ELSE ':' || j.`key` END,
  json_extract(j.`value`, '$.productId'), json_extract(j.`value`, '$.quantity'), r.`number`, coalesce(r.`decided_at`, r.`created_at`)
FROM `return_requests` r, json_each(r.`lines`) j WHERE r.`state` = 'received';--> statement-breakpoint
INSERT OR IGNORE INTO `ledger_entries` (`order_id`, `kind`, `ref`, `amount`, `basis`, `code`, `request`, `at`)
SELECT `order_id`, 'credit', 'credit:' || `number`, (`value` * 110) / 100, `value`, `code`, `number`, coalesce(`decided_at`, `created_at`)
FROM `return_requests` WHERE `state` = 'received' AND `outcome` = 'credit' AND `code` IS NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `ledger_entries` (`order_id`, `kind`, `ref`, `amount`, `by`, `at`)
SELECT `order_id`, 'refund', 'refund:' || json_extract(`detail`, '$.refund'), json_extract(`detail`, '$.amount'), json_extract(`detail`, '$.by'), `at`
FROM `order_events` WHERE `status` = 'refund_asked';
--> statement-breakpoint
INSERT OR IGNORE INTO `ledger_entries` (`order_id`, `kind`, `ref`, `amount`, `code`, `by`, `at`)
SELECT f.`id`, 'reward', 'reward:' || json_extract(e.`detail`, '$.code'), CASE f.`currency` WHEN 'EUR' THEN 2000 WHEN 'USD' THEN 2200 ELSE 1700 END, json_extract(e.`detail`, '$.code'), 'stripe', e.`at`
FROM `order_events` e JOIN `orders` f ON f.`number` = json_extract(e.`detail`, '$.request') WHERE e.`status` = 'referral_rewarded';--> statement-breakpoint
INSERT OR IGNORE INTO `ledger_entries` (`order_id`, `kind`, `ref`, `code`, `by`, `at`)
SELECT `order_id`, 'reward_withdrawn', 'withdrawn:' || json_extract(`detail`, '$.code'), json_extract(`detail`, '$.code'), 'stripe', `at`
FROM `order_events` WHERE `status` = 'referral_withdrawn';
--> statement-breakpoint
-- Each refund asked before was answered by Stripe with its id: made (never asked again).
INSERT OR IGNORE INTO `ledger_entries` (`order_id`, `kind`, `ref`, `code`, `by`, `at`)
SELECT `order_id`, 'refund_made', 'made:' || `ref`, substr(`ref`, 8), `by`, `at` FROM `ledger_entries` WHERE `kind` = 'refund';--> statement-breakpoint
-- The order row's summary of what was backfilled (after-sale.ts), and "returned" once every unit is back.
UPDATE `orders` SET `after_sale` = json_object(
  'bought', (SELECT coalesce(sum(l.`quantity`), 0) FROM `order_lines` l WHERE l.`order_id` = `orders`.`id` AND l.`product_id` IS NOT NULL),
  'back', (SELECT coalesce(sum(e.`quantity`), 0) FROM `ledger_entries` e WHERE e.`order_id` = `orders`.`id` AND e.`kind` = 'received'),
  'credit', (SELECT coalesce(sum(e.`amount`), 0) FROM `ledger_entries` e WHERE e.`order_id` = `orders`.`id` AND e.`kind` = 'credit'),
  'creditLeft', (SELECT coalesce(sum(e.`amount`), 0) FROM `ledger_entries` e WHERE e.`order_id` = `orders`.`id` AND e.`kind` = 'credit'),
  'exchange', NULL,
  'asked', max(0, (SELECT coalesce(sum(CASE e.`kind` WHEN 'asked' THEN e.`quantity` WHEN 'received' THEN -e.`quantity` ELSE 0 END), 0) FROM `ledger_entries` e WHERE e.`order_id` = `orders`.`id`))
) WHERE `id` IN (SELECT `order_id` FROM `ledger_entries`);--> statement-breakpoint
UPDATE `orders` SET `fulfilment` = 'returned'
WHERE json_extract(`after_sale`, '$.bought') > 0 AND json_extract(`after_sale`, '$.back') >= json_extract(`after_sale`, '$.bought');
