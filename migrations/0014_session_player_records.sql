CREATE TABLE `session_player_records` (
	`event_id` text NOT NULL,
	`session_id` text NOT NULL,
	`player_id` text NOT NULL,
	`games` integer NOT NULL,
	`wins` integer NOT NULL,
	`vp` integer NOT NULL,
	`share_units` integer NOT NULL,
	`seconds` integer NOT NULL,
	`thirds` integer NOT NULL,
	`disqualified_here` integer NOT NULL,
	PRIMARY KEY(`session_id`, `player_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_player_records_read_idx` ON `session_player_records` (`event_id`,`session_id`,`player_id`,`games`,`wins`,`vp`,`share_units`,`seconds`,`thirds`,`disqualified_here`);--> statement-breakpoint
ALTER TABLE `session_records` DROP COLUMN `records`;--> statement-breakpoint
-- Records are now one row per session and player, updated by each result write for its table's
-- players only (a write re-summed the whole session before: its cost grew with the session).
-- session_records keeps one row per session whose player rows count. The markers of 0012 had
-- their records in the dropped column: none counts any more, and the next result write of each
-- session rebuilds its rows (reads sum the seats meanwhile).
DELETE FROM `session_records`;
--> statement-breakpoint
-- A result write updates its players' rows itself, so its own statements no longer drop the
-- session's marker: seats inserted with a table (no result yet), a result write's scoring of
-- its seats, and a result row written with its scoring (scored_version set to its version).
DROP TRIGGER IF EXISTS `session_records_stale_seat_insert`;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_seat_insert` AFTER INSERT ON `seats`
WHEN EXISTS (SELECT 1 FROM `table_results` WHERE `table_id` = NEW.`table_id`)
BEGIN
  DELETE FROM `session_records` WHERE `session_id` = (SELECT `session_id` FROM `rounds` WHERE `id` = NEW.`round_id`);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_seat_update`;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_seat_update` AFTER UPDATE OF `player_id`, `position`, `table_id`, `round_id` ON `seats`
WHEN NEW.`player_id` IS NOT OLD.`player_id` OR NEW.`position` IS NOT OLD.`position`
  OR NEW.`table_id` IS NOT OLD.`table_id` OR NEW.`round_id` IS NOT OLD.`round_id`
BEGIN
  DELETE FROM `session_records`
    WHERE `session_id` IN (SELECT `session_id` FROM `rounds` WHERE `id` IN (OLD.`round_id`, NEW.`round_id`));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_result_insert`;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_result_insert` AFTER INSERT ON `table_results`
WHEN NEW.`scored_version` IS NOT NEW.`version`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` =
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id` WHERE t.`id` = NEW.`table_id`);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_result_update`;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_result_update` AFTER UPDATE ON `table_results`
WHEN NOT (NEW.`scored_version` IS NEW.`version` AND NEW.`scored_version` IS NOT OLD.`scored_version`)
BEGIN
  DELETE FROM `session_records` WHERE `session_id` IN
    (SELECT r.`session_id` FROM `game_tables` t JOIN `rounds` r ON r.`id` = t.`round_id`
      WHERE t.`id` IN (OLD.`table_id`, NEW.`table_id`));
END;
