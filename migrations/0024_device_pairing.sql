CREATE TABLE `device_pairings` (
	`id` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`scope_event_id` text,
	`scope_session_id` text,
	`session_hours` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`redeemed_at` text,
	`client_id` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_pairings_code_uq` ON `device_pairings` (`code_hash`);--> statement-breakpoint
CREATE INDEX `device_pairings_org_idx` ON `device_pairings` (`org_id`);--> statement-breakpoint
CREATE TABLE `device_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`client_id` text NOT NULL,
	`org_id` text NOT NULL,
	`pairing_id` text NOT NULL,
	`user_agent` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`client_id`) REFERENCES `api_clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_sessions_token_uq` ON `device_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `device_sessions_org_idx` ON `device_sessions` (`org_id`,`id`);