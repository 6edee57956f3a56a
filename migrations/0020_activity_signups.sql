CREATE TABLE `activity_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`waitlist_rank` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activity_signups_person_unique` ON `activity_signups` (`activity_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `activity_signups_activity_idx` ON `activity_signups` (`activity_id`,`status`,`waitlist_rank`);--> statement-breakpoint
CREATE INDEX `activity_signups_event_user_idx` ON `activity_signups` (`event_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `activities` ADD `attendance` text DEFAULT 'EVERYONE' NOT NULL;--> statement-breakpoint
ALTER TABLE `activities` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `activities` ADD `signup_opens_at` integer;--> statement-breakpoint
ALTER TABLE `activities` ADD `signup_closes_at` integer;--> statement-breakpoint
ALTER TABLE `activities` ADD `groups` text DEFAULT '[]' NOT NULL;