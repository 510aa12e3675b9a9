-- Rankings are computed from the result sheets alone: the stored seat scoring, the per-session
-- records and the triggers that invalidated them go (triggers first: a column a trigger names
-- cannot be dropped).
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_disqualification_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_disqualification_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_disqualification_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_ruleset`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_seat_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_seat_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_seat_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `seat_scoring_cleared_by_sheet_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_disqualification_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_disqualification_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_disqualification_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_result_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_result_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_result_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_round_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_ruleset`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_seat_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_seat_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `session_records_stale_seat_update`;--> statement-breakpoint
DROP TABLE `session_player_records`;--> statement-breakpoint
DROP TABLE `session_records`;--> statement-breakpoint
DROP INDEX `table_results_unscored_idx`;--> statement-breakpoint
ALTER TABLE `table_results` DROP COLUMN `scored_version`;--> statement-breakpoint
ALTER TABLE `seats` DROP COLUMN `counted`;--> statement-breakpoint
ALTER TABLE `seats` DROP COLUMN `share_units`;--> statement-breakpoint
ALTER TABLE `seats` DROP COLUMN `win`;--> statement-breakpoint
ALTER TABLE `seats` DROP COLUMN `disqualified_here`;--> statement-breakpoint
ALTER TABLE `seats` DROP COLUMN `scored`;
