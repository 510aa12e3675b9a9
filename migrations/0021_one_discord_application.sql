DROP TABLE `discord_applications`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_discord_guilds` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`event_id` text,
	`staff_roles` text DEFAULT '{}' NOT NULL,
	`linked_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- One organisation per server from now on: a server that two organisations' applications
-- had linked keeps the link changed last.
INSERT INTO `__new_discord_guilds`("guild_id", "org_id", "event_id", "staff_roles", "linked_by", "created_at", "updated_at") SELECT "guild_id", "org_id", "event_id", "staff_roles", "linked_by", "created_at", "updated_at" FROM `discord_guilds` AS g
  WHERE NOT EXISTS (SELECT 1 FROM `discord_guilds` AS o WHERE o.guild_id = g.guild_id
    AND (o.updated_at > g.updated_at OR (o.updated_at = g.updated_at AND o.org_id > g.org_id)));--> statement-breakpoint
DROP TABLE `discord_guilds`;--> statement-breakpoint
ALTER TABLE `__new_discord_guilds` RENAME TO `discord_guilds`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `discord_guilds_org_idx` ON `discord_guilds` (`org_id`);