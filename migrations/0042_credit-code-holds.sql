CREATE TABLE `credit_code_holds` (
	`code` text PRIMARY KEY NOT NULL,
	`reservation` text NOT NULL,
	`buyer` text NOT NULL,
	`until` integer NOT NULL
);
