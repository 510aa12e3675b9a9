CREATE TABLE `result_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`version` integer NOT NULL,
	`player_id` text NOT NULL,
	`reason` text NOT NULL,
	`via` text NOT NULL,
	`actor_client_id` text NOT NULL,
	`created_at` text NOT NULL,
	`resolved_at` text,
	`resolution` text,
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `result_disputes_table_idx` ON `result_disputes` (`table_id`);--> statement-breakpoint
CREATE TABLE `seat_code_failures` (
	`id` text PRIMARY KEY NOT NULL,
	`table_id` text NOT NULL,
	`player_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seat_code_failures_idx` ON `seat_code_failures` (`table_id`,`player_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `registrations` ADD `checked_in_at` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `no_show_at` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `dropped_after_game` integer;--> statement-breakpoint
ALTER TABLE `registrations` ADD `dropped_at` text;--> statement-breakpoint
ALTER TABLE `result_confirmations` ADD `via` text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE `seats` ADD `confirmation_code` text;