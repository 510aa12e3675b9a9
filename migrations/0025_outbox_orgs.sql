CREATE TABLE `outbox_orgs` (
	`org_id` text NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`org_id`, `seq`)
);
--> statement-breakpoint
-- The notifications already in the outbox: each belongs to the organisations of the ancestry it
-- was written with.
INSERT INTO `outbox_orgs` (`org_id`, `seq`) SELECT DISTINCT a.value, o.seq FROM `outbox` AS o, json_each(o.ancestry) AS a;
