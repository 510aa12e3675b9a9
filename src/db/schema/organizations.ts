import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const organizations = sqliteTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["store", "chain", "federation", "club"] }).notNull(),
    parentOrgId: text("parent_org_id").references((): AnySQLiteColumn => organizations.id),
    /** IANA time zone its calendar days are read in (an exclusion's end); null: UTC. */
    timezone: text("timezone"),
    createdAt: createdAt(),
  },
  (t) => [index("organizations_parent_idx").on(t.parentOrgId)],
);

/** A required reference to an organisation. */
export const orgRef = (name = "org_id") =>
  text(name)
    .notNull()
    .references(() => organizations.id);

/**
 * OAuth2 client-credentials clients. `orgId` is null only for platform admins.
 * Only a hash of the secret is stored; the secret itself is shown once at creation.
 */
export const apiClients = sqliteTable(
  "api_clients",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").references(() => organizations.id),
    name: text("name").notNull(),
    role: text("role", { enum: ["admin", "owner", "organizer", "referee", "reporter", "reader"] }).notNull(),
    secretHash: text("secret_hash").notNull(),
    /**
     * A client limited to one event (a bot reporting one event's results) or one session (a
     * volunteer's tablet): set at creation, never changed. A session limit also names its event.
     */
    scopeEventId: text("scope_event_id"),
    scopeSessionId: text("scope_session_id"),
    /**
     * `<creating client>:<Idempotency-Key>` of the request that created this client: a retry of
     * that request finds it here (409 naming it) instead of minting a second secret.
     */
    creationKey: text("creation_key"),
    /**
     * The client's rate limits in multiples of the policies' (a federation's bot): set by a
     * platform admin only. Above 1 the client is counted on its own quota, not its organisation's.
     */
    rateLimitFactor: integer("rate_limit_factor").notNull().default(1),
    createdAt: createdAt(),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    index("api_clients_org_idx").on(t.orgId),
    uniqueIndex("api_clients_creation_key_uq").on(t.creationKey),
  ],
);
