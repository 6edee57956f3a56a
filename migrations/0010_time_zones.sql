ALTER TABLE `activities` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `events` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;