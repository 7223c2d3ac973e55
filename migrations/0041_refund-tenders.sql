ALTER TABLE `ledger_entries` ADD `tender` text;--> statement-breakpoint
CREATE INDEX `ledger_entries_tender_idx` ON `ledger_entries` (`tender`) WHERE "ledger_entries"."kind" = 'difference_paid';