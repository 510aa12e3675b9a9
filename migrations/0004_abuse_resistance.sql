CREATE TABLE `heartbeats` (
	`id` text PRIMARY KEY NOT NULL,
	`beat_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `api_clients` ADD `creation_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `api_clients_creation_key_uq` ON `api_clients` (`creation_key`);--> statement-breakpoint
ALTER TABLE `players` ADD `search_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Names stored before this migration: ASCII case folding only (SQLite has no Unicode folding);
-- every create and rename after it stores the full fold computed by the API.
UPDATE `players` SET `search_name` = lower(`name`);
