import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { orgRef } from "./organizations";

/**
 * The outbox: one row per notification, inserted in the same batch as the change that causes
 * it, so a committed change always has its row and a rolled-back one never does. `seq` is
 * AUTOINCREMENT (never reused, even after rows are pruned): the monotonic id of the change
 * feeds, the export cursor and the delivery order.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    /** The Standard Webhooks `webhook-id` (msg_…): the same on every retry and subscriber. */
    id: text("id").notNull(),
    type: text("type").notNull(),
    orgId: text("org_id").notNull(),
    /** The owning organisation and its ancestors (JSON array): which subscriptions match, and the rows of `outbox_orgs`. */
    ancestry: text("ancestry", { mode: "json" }).$type<string[]>().notNull(),
    eventId: text("event_id"),
    data: text("data", { mode: "json" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outbox_id_idx").on(t.id),
    index("outbox_created_idx").on(t.createdAt),
    // The per-event change feed reads one event's notifications in seq order.
    index("outbox_event_idx").on(t.eventId, t.seq),
  ],
);

/**
 * Whom each notification belongs to: one row per organisation of the ancestry it was written
 * with, in the same batch. An organisation's change feed reads its page as one range of this
 * key, then those outbox rows by seq, so a page costs the reader's own rows instead of a walk
 * through every tenant's notifications. Pruned with the outbox.
 */
export const outboxOrgs = sqliteTable(
  "outbox_orgs",
  {
    orgId: text("org_id").notNull(),
    seq: integer("seq").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.seq] })],
);

/** A receiver of notifications: a URL, what it wants, and how it signs. */
export const webhookSubscriptions = sqliteTable(
  "webhook_subscriptions",
  {
    id: text("id").primaryKey(),
    orgId: orgRef(),
    url: text("url").notNull(),
    format: text("format", { enum: ["standard", "discord"] }).notNull(),
    eventTypes: text("event_types", { mode: "json" }).$type<string[]>().notNull(),
    /** Only notifications of this tournament event (null: all). */
    eventId: text("event_id"),
    includeDescendants: integer("include_descendants", { mode: "boolean" }).notNull().default(false),
    description: text("description"),
    /**
     * The signing secret (whsec_…). Kept in clear because HMAC needs it to sign; it is
     * returned only at creation and rotation.
     */
    secret: text("secret").notNull(),
    /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    disabledReason: text("disabled_reason"),
    /** Consecutive failed attempts; any 2xx resets it. */
    failureStreak: integer("failure_streak").notNull().default(0),
    failingSince: text("failing_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_subscriptions_status_idx").on(t.status, t.orgId)],
);

/**
 * One notification for one subscription. Rows are created by the outbox helper's
 * insert…select in the change's own batch; the dispatcher claims due rows by pushing
 * `nextAttemptAt` forward (a lease), so a crash mid-attempt only means the attempt repeats.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    outboxSeq: integer("outbox_seq").notNull(),
    /** Ordering lane within the subscription: the tournament event ('' for organisation-wide). */
    lane: text("lane").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    lastStatusCode: integer("last_status_code"),
    lastLatencyMs: integer("last_latency_ms"),
    lastError: text("last_error"),
    deliveredAt: text("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_message_idx").on(t.subscriptionId, t.outboxSeq),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index("webhook_deliveries_lane_idx").on(t.subscriptionId, t.lane, t.outboxSeq),
    // The dispatcher's lane-head test ("nothing pending before it in its lane") probes only
    // pending rows: without it every pass scanned each lane's delivered history, per candidate.
    index("webhook_deliveries_pending_lane_idx")
      .on(t.subscriptionId, t.lane, t.outboxSeq)
      .where(sql`status = 'pending'`),
  ],
);

/** Small named values of the push machinery (e.g. how far the outbox has been pruned). */
export const pushState = sqliteTable("push_state", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
});
