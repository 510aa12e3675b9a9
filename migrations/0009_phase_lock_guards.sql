CREATE TABLE `write_preconditions` (
	`holds` integer NOT NULL,
	`what` text NOT NULL
);
--> statement-breakpoint
-- A batch's precondition (src/db/preconditions.ts): abort when what the batch was computed from
-- has changed since it was read, else drop the row.
CREATE TRIGGER `write_preconditions_check` BEFORE INSERT ON `write_preconditions`
BEGIN
  SELECT CASE WHEN NEW.`holds` THEN RAISE(IGNORE)
    ELSE RAISE(ABORT, 'stale_read: what this write was computed from changed before it committed') END;
END;
--> statement-breakpoint
-- Phase locks (RULES.md §7, rules 1.3.5, 1.4.4) held by the database too, so that a correction
-- racing the seating of the next phase cannot slip between the service's check and its write:
-- once a later phase is seated, the results it was seated from no longer change. Prelim tables
-- seat the semifinals and the final, semifinal tables the final.
CREATE VIEW `phase_locked_tables` AS
SELECT gt.`id` AS `table_id`
FROM `game_tables` gt
JOIN `rounds` r ON r.`id` = gt.`round_id`
JOIN `rounds` later ON later.`event_id` = r.`event_id`
WHERE (r.`kind` = 'prelim' AND later.`kind` IN ('semifinal', 'final'))
  OR (r.`kind` = 'semifinal' AND later.`kind` = 'final');
--> statement-breakpoint
CREATE TRIGGER `table_results_phase_locked_update` BEFORE UPDATE ON `table_results`
WHEN NEW.`version` <> OLD.`version`
  AND EXISTS (SELECT 1 FROM `phase_locked_tables` WHERE `table_id` = NEW.`table_id`)
BEGIN
  SELECT RAISE(ABORT, 'phase_locked: a later phase is seated from this result');
END;
--> statement-breakpoint
CREATE TRIGGER `table_results_phase_locked_insert` BEFORE INSERT ON `table_results`
WHEN EXISTS (SELECT 1 FROM `phase_locked_tables` WHERE `table_id` = NEW.`table_id`)
BEGIN
  SELECT RAISE(ABORT, 'phase_locked: a later phase is seated from this result');
END;
--> statement-breakpoint
CREATE TRIGGER `disqualifications_phase_locked` BEFORE INSERT ON `disqualifications`
WHEN EXISTS (SELECT 1 FROM `phase_locked_tables` WHERE `table_id` = NEW.`table_id`)
BEGIN
  SELECT RAISE(ABORT, 'phase_locked: a later phase is seated from this result');
END;
