import type { ResultSet } from "@libsql/client";

/**
 * What the outbox statements return (record.ts), under names no other statement returns, so a
 * committed batch's results say by themselves which notifications it wrote.
 */
export const RETURNED_MESSAGE = "event_id as outbox_event_id, ancestry as outbox_ancestry";
export const RETURNED_DELIVERY = "id as outbox_delivery_id";

/** The notifications one committed write made: whose live feeds changed, and whether webhooks have work. */
export interface CommittedChanges {
  /** Events whose feeds changed. */
  events: Set<string>;
  /** Organisations whose feeds changed: each notification's organisation and its ancestors. */
  orgs: Set<string>;
  /** Whether the write queued webhook deliveries (to a subscription, enabled or not). */
  deliveries: boolean;
}

/**
 * The notifications in a committed write's results, and whether it queued deliveries (a
 * redelivery queues one without a notification); null when it did neither.
 */
export function committedChanges(results: readonly ResultSet[]): CommittedChanges | null {
  let changes: CommittedChanges | null = null;
  for (const result of results) {
    if (result.columns.includes("outbox_delivery_id")) {
      if (result.rows.length > 0) {
        changes ??= { events: new Set(), orgs: new Set(), deliveries: false };
        changes.deliveries = true;
      }
      continue;
    }
    if (!result.columns.includes("outbox_ancestry")) continue;
    for (const row of result.rows) {
      changes ??= { events: new Set(), orgs: new Set(), deliveries: false };
      if (typeof row.outbox_event_id === "string") changes.events.add(row.outbox_event_id);
      for (const orgId of JSON.parse(String(row.outbox_ancestry)) as string[]) changes.orgs.add(orgId);
    }
  }
  return changes;
}
