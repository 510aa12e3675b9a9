CREATE TABLE `event_tags` (
	`event_id` text NOT NULL,
	`tag` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`event_id`, `tag`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_tags_tag_idx` ON `event_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `player_merges` (
	`merged_player_id` text PRIMARY KEY NOT NULL,
	`into_player_id` text NOT NULL,
	`merged_name` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`into_player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `series` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`selection` text NOT NULL,
	`policy` text NOT NULL,
	`lot_seed` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `series_org_idx` ON `series` (`org_id`);