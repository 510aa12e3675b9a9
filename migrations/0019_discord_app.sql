CREATE TABLE `discord_applications` (
	`org_id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`public_key` text NOT NULL,
	`verified_at` text,
	`commands_registered_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `discord_applications_app_idx` ON `discord_applications` (`application_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `discord_applications_verified_uq` ON `discord_applications` (`application_id`) WHERE verified_at is not null;--> statement-breakpoint
CREATE TABLE `discord_guilds` (
	`org_id` text NOT NULL,
	`guild_id` text NOT NULL,
	`event_id` text,
	`staff_roles` text DEFAULT '{}' NOT NULL,
	`linked_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`org_id`, `guild_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `discord_link_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`guild_id` text NOT NULL,
	`discord_user_id` text NOT NULL,
	`discord_username` text NOT NULL,
	`player_id` text NOT NULL,
	`status` text NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discord_link_requests_org_idx` ON `discord_link_requests` (`org_id`,`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `discord_link_requests_pending_uq` ON `discord_link_requests` (`org_id`,`discord_user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE `discord_setup_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`event_id` text,
	`expires_at` text NOT NULL,
	`used_at` text,
	`used_by_guild_id` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discord_setup_codes_org_idx` ON `discord_setup_codes` (`org_id`);