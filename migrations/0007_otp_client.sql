ALTER TABLE `otps` ADD `client` text;--> statement-breakpoint
CREATE INDEX `otps_client_idx` ON `otps` (`client`,`created_at`);