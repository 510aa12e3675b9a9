-- Rules 1.3.5 and 1.3.6 enforced by the database itself, whatever writes to it.
-- A disqualification is refused once the table's result is final.
CREATE TRIGGER `disqualifications_before_final` BEFORE INSERT ON `disqualifications`
WHEN EXISTS (SELECT 1 FROM `table_results` WHERE `table_id` = NEW.`table_id` AND `status` = 'final')
BEGIN
  SELECT RAISE(ABORT, 'rule_1_3_6: the result of this table is final');
END;
--> statement-breakpoint
-- A final result changes only through an audited correction (finalized_by = 'correction').
CREATE TRIGGER `table_results_final_only_by_correction` BEFORE UPDATE ON `table_results`
WHEN OLD.`status` = 'final' AND (NEW.`status` <> 'final' OR NEW.`finalized_by` IS NOT 'correction')
BEGIN
  SELECT RAISE(ABORT, 'rule_1_3_5: a final result changes only through a correction');
END;
