ALTER TABLE `events` ADD `roster_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `names_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The versions on the event row that name every ranking's ETag (issue 15): bumped by the
-- database in the statement that changes what a ranking shows, whatever service writes it,
-- so a conditional GET reads one row by primary key and never scans.
-- roster_version: registrations and the zero-win cut (N, structure, `eliminated`).
CREATE TRIGGER `registrations_roster_insert` AFTER INSERT ON `registrations`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1
  WHERE `id` = (SELECT `event_id` FROM `sessions` WHERE `id` = NEW.`session_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `registrations_roster_update` AFTER UPDATE ON `registrations`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1
  WHERE `id` IN (SELECT `event_id` FROM `sessions` WHERE `id` IN (OLD.`session_id`, NEW.`session_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `registrations_roster_delete` AFTER DELETE ON `registrations`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1
  WHERE `id` = (SELECT `event_id` FROM `sessions` WHERE `id` = OLD.`session_id`);
END;
--> statement-breakpoint
-- Sessions: qualification lists them (names, dates); session standings show the name.
CREATE TRIGGER `sessions_roster_insert` AFTER INSERT ON `sessions`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1 WHERE `id` = NEW.`event_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_roster_update` AFTER UPDATE ON `sessions`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1 WHERE `id` IN (OLD.`event_id`, NEW.`event_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_roster_delete` AFTER DELETE ON `sessions`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1 WHERE `id` = OLD.`event_id`;
END;
--> statement-breakpoint
-- Seating: rankings show each round's table count and final tables. Tables and seats are
-- written in the same batch as their round, so the round's statement covers them.
CREATE TRIGGER `rounds_roster_insert` AFTER INSERT ON `rounds`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1 WHERE `id` = NEW.`event_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `rounds_roster_delete` AFTER DELETE ON `rounds`
BEGIN
  UPDATE `events` SET `roster_version` = `roster_version` + 1 WHERE `id` = OLD.`event_id`;
END;
--> statement-breakpoint
-- names_version: ranking rows show player names; a rename touches every event the player
-- is registered in or seated at.
CREATE TRIGGER `players_names_update` AFTER UPDATE OF `name` ON `players`
WHEN OLD.`name` IS NOT NEW.`name`
BEGIN
  UPDATE `events` SET `names_version` = `names_version` + 1
  WHERE `id` IN (
    SELECT s.`event_id` FROM `registrations` r JOIN `sessions` s ON s.`id` = r.`session_id` WHERE r.`player_id` = NEW.`id`
    UNION
    SELECT rd.`event_id` FROM `seats` st JOIN `rounds` rd ON rd.`id` = st.`round_id` WHERE st.`player_id` = NEW.`id`
  );
END;
