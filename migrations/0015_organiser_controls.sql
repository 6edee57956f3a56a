CREATE TABLE `feed_mutes` (
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`muted_by_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`muted_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `feed_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`post_id` text NOT NULL,
	`comment_id` text,
	`subject_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `feed_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `feed_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_reports_reporter_subject_unique` ON `feed_reports` (`reporter_id`,`subject_id`);--> statement-breakpoint
CREATE INDEX `feed_reports_event_idx` ON `feed_reports` (`event_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `rsvps` ADD `waitlist_rank` integer;--> statement-breakpoint
CREATE INDEX `rsvps_event_waitlist_idx` ON `rsvps` (`event_id`,`waitlist_rank`);--> statement-breakpoint
ALTER TABLE `feed_comments` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `feed_comments` ADD `hidden_by_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `feed_posts` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `feed_posts` ADD `hidden_by_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `change_log` ADD `program_id` text;