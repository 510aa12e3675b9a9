CREATE TABLE `session_records` (
	`session_id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`records` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_records_event_idx` ON `session_records` (`event_id`);--> statement-breakpoint
-- session_records is derived: any change to a session's seats, results or disqualifications
-- deletes its row, and only the statement a result write ends its batch with writes one
-- (services/standings/session-records.ts). A row that exists is therefore always current; a
-- missing one is summed from the session's seats on read.
CREATE TRIGGER `session_records_stale_seat_insert` AFTER INSERT ON `seats`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` = (SELECT `session_id` FROM `rounds` WHERE `id` = NEW.`round_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_seat_update` AFTER UPDATE ON `seats`
BEGIN
  DELETE FROM `session_records`
    WHERE `session_id` IN (SELECT `session_id` FROM `rounds` WHERE `id` IN (OLD.`round_id`, NEW.`round_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_seat_delete` AFTER DELETE ON `seats`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` = (SELECT `session_id` FROM `rounds` WHERE `id` = OLD.`round_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_result_insert` AFTER INSERT ON `table_results`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` =
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id` WHERE t.`id` = NEW.`table_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_result_update` AFTER UPDATE ON `table_results`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` IN
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id`
      WHERE t.`id` IN (OLD.`table_id`, NEW.`table_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_result_delete` AFTER DELETE ON `table_results`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` =
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id` WHERE t.`id` = OLD.`table_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_disqualification_insert` AFTER INSERT ON `disqualifications`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` =
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id` WHERE t.`id` = NEW.`table_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_disqualification_update` AFTER UPDATE ON `disqualifications`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` IN
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id`
      WHERE t.`id` IN (OLD.`table_id`, NEW.`table_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_disqualification_delete` AFTER DELETE ON `disqualifications`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` =
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id` WHERE t.`id` = OLD.`table_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_ruleset` AFTER UPDATE OF `ruleset` ON `events`
WHEN NEW.`ruleset` IS NOT OLD.`ruleset`
BEGIN
  DELETE FROM `session_records` WHERE `event_id` = NEW.`id`;
END;
