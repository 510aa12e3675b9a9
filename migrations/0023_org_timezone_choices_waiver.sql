ALTER TABLE `organizations` ADD `timezone` text;--> statement-breakpoint
ALTER TABLE `game_tables` ADD `choices_waived_at` text;--> statement-breakpoint
ALTER TABLE `game_tables` ADD `choices_waiver` text;