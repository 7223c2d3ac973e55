ALTER TABLE `return_requests` ADD `code` text;--> statement-breakpoint
-- A code drawn before this column was kept in the answer as 'code CREDIT-…': carried over for a request still in flight.
UPDATE `return_requests` SET `code` = substr(`answer`, 6) WHERE `answer` LIKE 'code %' AND `state` = 'accepted';
