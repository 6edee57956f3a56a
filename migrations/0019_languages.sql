ALTER TABLE `users` ADD `language` text;--> statement-breakpoint
ALTER TABLE `events` ADD `language` text DEFAULT 'en' NOT NULL;