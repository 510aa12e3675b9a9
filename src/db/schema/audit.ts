import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** Who changed what, when and why. Written in the same batch as the change itself. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    eventId: text("event_id"),
    actorClientId: text("actor_client_id").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_event_idx").on(t.eventId, t.id)],
);

/** Replays of `Idempotency-Key` requests: one stored response per client and key. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    clientId: text("client_id").notNull(),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    responseBody: text("response_body").notNull(),
    responseHeaders: text("response_headers", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /**
     * Set in the same transaction as the request's write: a claim with no answer but this set
     * belongs to a request whose write committed before its process died, so a retry must not
     * run it again.
     */
    committedAt: text("committed_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key] })],
);

/** One row per check name, overwritten by /health: proof that the database still takes writes. */
export const heartbeats = sqliteTable("heartbeats", {
  id: text("id").primaryKey(),
  beatAt: text("beat_at").notNull(),
});
