-- Game 4 of an 80+ session locks the games 1–3 results it was cut and snake-seated from
-- (docs/rules.md#corrections, rules 1.1.5, 1.1.7), in the database as the playoffs do: a
-- correction racing the seating of game 4 cannot slip between the service's check and its write.
DROP VIEW `phase_locked_tables`;
--> statement-breakpoint
CREATE VIEW `phase_locked_tables` AS
SELECT gt.`id` AS `table_id`
FROM `game_tables` gt
JOIN `rounds` r ON r.`id` = gt.`round_id`
JOIN `rounds` later ON later.`event_id` = r.`event_id`
WHERE (r.`kind` = 'prelim' AND later.`kind` IN ('semifinal', 'final'))
  OR (r.`kind` = 'semifinal' AND later.`kind` = 'final')
  OR (r.`kind` = 'prelim' AND later.`kind` = 'prelim' AND later.`method` = 'snake'
    AND later.`session_id` = r.`session_id` AND later.`number` > r.`number`);
