DROP INDEX `orders_status_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`,`region`,`currency`,`total`,`refunded`);