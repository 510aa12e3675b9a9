ALTER TABLE `api_clients` ADD `rate_limit_factor` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `seat_code_failures` ADD `source` text DEFAULT '' NOT NULL;