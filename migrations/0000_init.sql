CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`event_id` text,
	`actor_client_id` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`reason` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_event_idx` ON `audit_log` (`event_id`,`id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`client_id` text NOT NULL,
	`key` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer NOT NULL,
	`response_body` text NOT NULL,
	`response_headers` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`client_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `avoid_pairs` (
	`event_id` text NOT NULL,
	`player_a` text NOT NULL,
	`player_b` text NOT NULL,
	`reason` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`event_id`, `player_a`, `player_b`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_a`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_b`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "avoid_pairs_ordered" CHECK("avoid_pairs"."player_a" < "avoid_pairs"."player_b")
);
--> statement-breakpoint
CREATE TABLE `event_staff` (
	`event_id` text NOT NULL,
	`player_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`event_id`, `player_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`ruleset` text NOT NULL,
	`visibility` text NOT NULL,
	`lot_seed` text NOT NULL,
	`starts_on` text,
	`timezone` text,
	`venue` text,
	`timers` text,
	`results_version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `events_org_idx` ON `events` (`org_id`);--> statement-breakpoint
CREATE TABLE `registrations` (
	`session_id` text NOT NULL,
	`player_id` text NOT NULL,
	`eliminated_at` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`session_id`, `player_id`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `registrations_player_idx` ON `registrations` (`player_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`name` text NOT NULL,
	`date` text,
	`venue` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_event_idx` ON `sessions` (`event_id`);--> statement-breakpoint
CREATE TABLE `api_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `api_clients_org_idx` ON `api_clients` (`org_id`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`parent_org_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`parent_org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `organizations_parent_idx` ON `organizations` (`parent_org_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`root_org_id` text NOT NULL,
	`external_id` text,
	`discord_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`root_org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_tree_external_id_uq` ON `players` (`root_org_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `players_org_discord_idx` ON `players` (`org_id`,`discord_id`);--> statement-breakpoint
CREATE INDEX `players_org_name_idx` ON `players` (`org_id`,`name`);--> statement-breakpoint
CREATE TABLE `disqualifications` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`table_id` text NOT NULL,
	`player_id` text NOT NULL,
	`reason` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `disqualifications_event_player_uq` ON `disqualifications` (`event_id`,`player_id`);--> statement-breakpoint
CREATE TABLE `result_confirmations` (
	`table_id` text NOT NULL,
	`version` integer NOT NULL,
	`player_id` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`table_id`, `player_id`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `result_revisions` (
	`table_id` text NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`status` text NOT NULL,
	`winner_id` text NOT NULL,
	`scores` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`reason` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`table_id`, `version`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `table_results` (
	`table_id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`status` text NOT NULL,
	`version` integer NOT NULL,
	`winner_id` text NOT NULL,
	`scores` text NOT NULL,
	`finalized_by` text,
	`submitted_by_client_id` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "table_results_final_has_way" CHECK(("table_results"."status" = 'final') = ("table_results"."finalized_by" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `table_results_event_idx` ON `table_results` (`event_id`);--> statement-breakpoint
CREATE TABLE `boards` (
	`round_id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`seed` text,
	`hexes` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `game_tables` (
	`id` text PRIMARY KEY NOT NULL,
	`round_id` text NOT NULL,
	`number` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_tables_round_number_uq` ON `game_tables` (`round_id`,`number`);--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`session_id` text,
	`kind` text NOT NULL,
	`number` integer NOT NULL,
	`method` text NOT NULL,
	`seed` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "rounds_prelim_has_session" CHECK(("rounds"."kind" = 'prelim') = ("rounds"."session_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_session_number_uq` ON `rounds` (`session_id`,`number`) WHERE "rounds"."kind" = 'prelim';--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_event_playoff_uq` ON `rounds` (`event_id`,`kind`) WHERE "rounds"."kind" <> 'prelim';--> statement-breakpoint
CREATE INDEX `rounds_event_idx` ON `rounds` (`event_id`);--> statement-breakpoint
CREATE TABLE `seats` (
	`table_id` text NOT NULL,
	`round_id` text NOT NULL,
	`player_id` text NOT NULL,
	`position` integer NOT NULL,
	`seed_rank` integer,
	`vp` integer,
	`placement` integer,
	PRIMARY KEY(`table_id`, `position`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "seats_position_range" CHECK("seats"."position" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seats_round_player_uq` ON `seats` (`round_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `seats_player_idx` ON `seats` (`player_id`);