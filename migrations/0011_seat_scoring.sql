ALTER TABLE `table_results` ADD `scored_version` integer;--> statement-breakpoint
CREATE INDEX `table_results_unscored_idx` ON `table_results` (`event_id`) WHERE "table_results"."status" = 'final' AND "table_results"."scored_version" IS NOT "table_results"."version";--> statement-breakpoint
ALTER TABLE `seats` ADD `counted` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `share_units` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `win` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `disqualified_here` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `scored` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Seat scoring (issue 15): a result write stores each seat's counted VP, VP share, win and
-- disqualification with `seats.scored = 1` and `table_results.scored_version = version`, so
-- rankings sum seats in SQL. Anything else that could change how a table scores clears both,
-- and the rankings then score that table from its sheet (the same code as before). Rows written
-- before this migration start cleared, so nothing needs a backfill to stay correct.
CREATE TRIGGER `seat_scoring_cleared_by_disqualification_insert` AFTER INSERT ON `disqualifications`
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL WHERE `table_id` = NEW.`table_id` AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` = NEW.`table_id` AND `scored` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `seat_scoring_cleared_by_disqualification_delete` AFTER DELETE ON `disqualifications`
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL WHERE `table_id` = OLD.`table_id` AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` = OLD.`table_id` AND `scored` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `seat_scoring_cleared_by_disqualification_update` AFTER UPDATE ON `disqualifications`
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL
    WHERE `table_id` IN (OLD.`table_id`, NEW.`table_id`) AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` IN (OLD.`table_id`, NEW.`table_id`) AND `scored` = 1;
END;
--> statement-breakpoint
-- A sheet changed by anything but a result write (which stores a new scored_version with it),
-- e.g. a player merge renaming a seat of a final sheet.
CREATE TRIGGER `seat_scoring_cleared_by_sheet_update` AFTER UPDATE OF `scores`, `winner_id`, `status` ON `table_results`
WHEN NEW.`scored_version` IS OLD.`scored_version` AND NEW.`scored_version` IS NOT NULL
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL WHERE `table_id` = NEW.`table_id`;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` = NEW.`table_id` AND `scored` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `seat_scoring_cleared_by_seat_update` AFTER UPDATE OF `player_id`, `position`, `table_id` ON `seats`
WHEN NEW.`player_id` IS NOT OLD.`player_id` OR NEW.`position` IS NOT OLD.`position` OR NEW.`table_id` IS NOT OLD.`table_id`
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL
    WHERE `table_id` IN (OLD.`table_id`, NEW.`table_id`) AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` IN (OLD.`table_id`, NEW.`table_id`) AND `scored` = 1;
END;
--> statement-breakpoint
-- Seats are inserted with their table, before any result: only a seat added to a table that has
-- one changes how it scores.
CREATE TRIGGER `seat_scoring_cleared_by_seat_insert` AFTER INSERT ON `seats`
WHEN EXISTS (SELECT 1 FROM `table_results` WHERE `table_id` = NEW.`table_id`)
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL WHERE `table_id` = NEW.`table_id` AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` = NEW.`table_id` AND `scored` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `seat_scoring_cleared_by_seat_delete` AFTER DELETE ON `seats`
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL WHERE `table_id` = OLD.`table_id` AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` = OLD.`table_id` AND `scored` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `seat_scoring_cleared_by_ruleset` AFTER UPDATE OF `ruleset` ON `events`
WHEN NEW.`ruleset` IS NOT OLD.`ruleset`
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL WHERE `event_id` = NEW.`id` AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0
    WHERE `round_id` IN (SELECT `id` FROM `rounds` WHERE `event_id` = NEW.`id`) AND `scored` = 1;
END;
