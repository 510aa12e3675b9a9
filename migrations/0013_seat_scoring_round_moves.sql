-- Two changes no route makes, covered for rows edited by hand: a seat moved to another round
-- (seat sums join seats on their round), and a round moved to another session or phase
-- (session_records group by the round's session and count prelims only).
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_seat_update`;
--> statement-breakpoint
CREATE TRIGGER `seat_scoring_cleared_by_seat_update` AFTER UPDATE OF `player_id`, `position`, `table_id`, `round_id` ON `seats`
WHEN NEW.`player_id` IS NOT OLD.`player_id` OR NEW.`position` IS NOT OLD.`position`
  OR NEW.`table_id` IS NOT OLD.`table_id` OR NEW.`round_id` IS NOT OLD.`round_id`
BEGIN
  UPDATE `table_results` SET `scored_version` = NULL
    WHERE `table_id` IN (OLD.`table_id`, NEW.`table_id`) AND `scored_version` IS NOT NULL;
  UPDATE `seats` SET `scored` = 0 WHERE `table_id` IN (OLD.`table_id`, NEW.`table_id`) AND `scored` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `session_records_stale_round_update` AFTER UPDATE OF `session_id`, `kind` ON `rounds`
WHEN NEW.`session_id` IS NOT OLD.`session_id` OR NEW.`kind` IS NOT OLD.`kind`
BEGIN
  DELETE FROM `session_records` WHERE `session_id` IN (OLD.`session_id`, NEW.`session_id`);
END;
