CREATE TABLE `mail_counts` (
	`key` text NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`key`, `day`)
);
--> statement-breakpoint
CREATE INDEX `mail_counts_day_idx` ON `mail_counts` (`day`);--> statement-breakpoint
CREATE TABLE `mail_suppressions` (
	`email` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`email`, `scope`)
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;