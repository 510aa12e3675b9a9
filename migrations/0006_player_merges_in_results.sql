-- Rule 1.3.5 stays enforced by the database: a final result changes only through an audited
-- correction. One exception, just as narrow: a player merge (POST /v1/players/{id}/merge) may
-- rename a seat of a final sheet from the merged player to the kept one, VP untouched, and only
-- when that merge is recorded in player_merges (the merge batch inserts it first).
DROP TRIGGER IF EXISTS `table_results_final_only_by_correction`;
--> statement-breakpoint
CREATE TRIGGER `table_results_final_only_by_correction` BEFORE UPDATE ON `table_results`
WHEN OLD.`status` = 'final' AND (NEW.`status` <> 'final' OR NEW.`finalized_by` IS NOT 'correction')
  AND NOT (
    NEW.`status` = 'final'
    AND NEW.`finalized_by` IS OLD.`finalized_by`
    AND NEW.`version` = OLD.`version`
    AND json_array_length(NEW.`scores`) = json_array_length(OLD.`scores`)
    AND NOT EXISTS (
      SELECT 1 FROM json_each(OLD.`scores`) o JOIN json_each(NEW.`scores`) n ON n.`key` = o.`key`
      WHERE json_extract(o.`value`, '$.vp') IS NOT json_extract(n.`value`, '$.vp')
        OR (json_extract(o.`value`, '$.playerId') <> json_extract(n.`value`, '$.playerId')
          AND NOT EXISTS (SELECT 1 FROM `player_merges` pm
            WHERE pm.`merged_player_id` = json_extract(o.`value`, '$.playerId')
              AND pm.`into_player_id` = json_extract(n.`value`, '$.playerId')))
    )
    AND (NEW.`winner_id` = OLD.`winner_id` OR EXISTS (SELECT 1 FROM `player_merges` pm
      WHERE pm.`merged_player_id` = OLD.`winner_id` AND pm.`into_player_id` = NEW.`winner_id`))
  )
BEGIN
  SELECT RAISE(ABORT, 'rule_1_3_5: a final result changes only through a correction');
END;
