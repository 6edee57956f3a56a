-- Hand-written: sign-in throttling counts failures per account and per client (spec 1 review, issue 8 §4).
-- An attempt names the account by user id, or by the address typed when no account has it, so an
-- unknown address locks exactly like a known one; `client` is the caller's network (CF-Connecting-IP).
CREATE TABLE `signin_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`account` text NOT NULL,
	`client` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signin_attempts_account_idx` ON `signin_attempts` (`account`,`created_at`);--> statement-breakpoint
CREATE INDEX `signin_attempts_client_idx` ON `signin_attempts` (`client`,`created_at`);--> statement-breakpoint
CREATE INDEX `signin_attempts_created_idx` ON `signin_attempts` (`created_at`);--> statement-breakpoint
DROP TABLE `signin_failures`;
