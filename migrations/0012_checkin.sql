CREATE TABLE `checkin_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`name` text NOT NULL,
	`day_id` text,
	`activity_id` text,
	`opens_at` integer,
	`closes_at` integer,
	`reentry` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`day_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `checkin_lists_event_idx` ON `checkin_lists` (`event_id`);--> statement-breakpoint
CREATE TABLE `checkins` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`list_id` text NOT NULL,
	`pass_serial` text NOT NULL,
	`rsvp_id` text,
	`nonce` text NOT NULL,
	`scanned_at` integer NOT NULL,
	`device` text NOT NULL,
	`by_user_id` text,
	`by_name` text NOT NULL,
	`offline` integer DEFAULT false NOT NULL,
	`double_admission` integer DEFAULT false NOT NULL,
	`undone_at` integer,
	`undone_by_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `checkin_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rsvp_id`) REFERENCES `rsvps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`undone_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkins_event_nonce_unique` ON `checkins` (`event_id`,`nonce`);--> statement-breakpoint
CREATE INDEX `checkins_list_pass_idx` ON `checkins` (`list_id`,`pass_serial`);--> statement-breakpoint
CREATE TABLE `pass_keys` (
	`event_id` text PRIMARY KEY NOT NULL,
	`kid` text NOT NULL,
	`private_key` text NOT NULL,
	`public_jwk` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `passes` (
	`serial` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`rsvp_id` text,
	`issued_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	`mailed_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rsvp_id`) REFERENCES `rsvps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `passes_current_unique` ON `passes` (`rsvp_id`) WHERE "passes"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX `passes_event_idx` ON `passes` (`event_id`);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers), like 0001 and 0003: a pass is revoked in the same statement that
-- takes its RSVP out of YES (declined, removed, any path) or deletes it, so no route can forget to.
CREATE TRIGGER `passes_revoke_on_leave` AFTER UPDATE OF `status` ON `rsvps`
WHEN OLD.`status` = 'YES' AND NEW.`status` != 'YES'
BEGIN
  UPDATE `passes` SET `revoked_at` = cast(unixepoch('subsec') * 1000 as integer), `revoked_reason` = 'LEFT'
  WHERE `rsvp_id` = NEW.`id` AND `revoked_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `passes_revoke_on_delete` BEFORE DELETE ON `rsvps`
BEGIN
  UPDATE `passes` SET `revoked_at` = cast(unixepoch('subsec') * 1000 as integer), `revoked_reason` = 'LEFT'
  WHERE `rsvp_id` = OLD.`id` AND `revoked_at` IS NULL;
END;
