ALTER TABLE `sessions` ADD `host_org_id` text REFERENCES organizations(id);--> statement-breakpoint
CREATE INDEX `sessions_host_idx` ON `sessions` (`host_org_id`);--> statement-breakpoint
ALTER TABLE `api_clients` ADD `scope_event_id` text;--> statement-breakpoint
ALTER TABLE `api_clients` ADD `scope_session_id` text;