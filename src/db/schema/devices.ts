import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { apiClients, orgRef } from "./organizations";

/**
 * One-time pairing codes: whoever opens one within minutes gets a device session bound to a new
 * client with the role and limit chosen here. Only a SHA-256 of the code is kept.
 */
export const devicePairings = sqliteTable(
  "device_pairings",
  {
    id: text("id").primaryKey(),
    codeHash: text("code_hash").notNull(),
    orgId: orgRef(),
    /** What the device will be called in the organisation's list of clients ("phone 1"). */
    name: text("name").notNull(),
    role: text("role", { enum: ["owner", "organizer", "referee", "reporter", "reader"] }).notNull(),
    scopeEventId: text("scope_event_id"),
    scopeSessionId: text("scope_session_id"),
    /** How long the device session lasts once the code is redeemed. */
    sessionHours: integer("session_hours").notNull(),
    /** The client that made the code ("system" for the CLI). */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    redeemedAt: text("redeemed_at"),
    /** The client made for the device that redeemed the code. */
    clientId: text("client_id"),
  },
  (t) => [
    uniqueIndex("device_pairings_code_uq").on(t.codeHash),
    index("device_pairings_org_idx").on(t.orgId),
  ],
);

/**
 * A paired device's session: its cookie carries a random secret whose SHA-256 is `token_hash`.
 * It acts as its own client (one per device), so revoking that client ends the session at once.
 */
export const deviceSessions = sqliteTable(
  "device_sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    clientId: text("client_id")
      .notNull()
      .references(() => apiClients.id),
    orgId: orgRef(),
    pairingId: text("pairing_id").notNull(),
    /** The browser's own description when it paired, to tell devices apart in the list. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("device_sessions_token_uq").on(t.tokenHash),
    index("device_sessions_org_idx").on(t.orgId, t.id),
  ],
);
