CREATE TABLE `calendar_links` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`org_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_links_secret_uq` ON `calendar_links` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `calendar_links_player_idx` ON `calendar_links` (`player_id`);--> statement-breakpoint
CREATE TABLE `conduct_warnings` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`table_id` text NOT NULL,
	`player_id` text NOT NULL,
	`rule` text NOT NULL,
	`note` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `conduct_warnings_event_player_idx` ON `conduct_warnings` (`event_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `conduct_warnings_player_idx` ON `conduct_warnings` (`player_id`);--> statement-breakpoint
CREATE TABLE `programme_exclusions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`player_id` text NOT NULL,
	`until` text NOT NULL,
	`reason` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`created_at` text NOT NULL,
	`lifted_at` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `programme_exclusions_player_idx` ON `programme_exclusions` (`player_id`,`org_id`);--> statement-breakpoint
CREATE TABLE `table_timers` (
	`table_id` text PRIMARY KEY NOT NULL,
	`turn_seconds` integer NOT NULL,
	`requested_by` text,
	`actor_client_id` text NOT NULL,
	`since` text NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `events` ADD `edition` text;--> statement-breakpoint
ALTER TABLE `events` ADD `language` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `starts_at` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `seats` ADD `chair` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `colour` text;--> statement-breakpoint
ALTER TABLE `seats` ADD `chosen_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `seats_table_chair_uq` ON `seats` (`table_id`,`chair`) WHERE "seats"."chair" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `seats_table_colour_uq` ON `seats` (`table_id`,`colour`) WHERE "seats"."colour" is not null;