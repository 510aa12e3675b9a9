import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { orgRef } from "./organizations";
import { playerRef } from "./players";

/**
 * A player's secret calendar feed address (docs/rules.md#sessions-in-time): calendar apps
 * cannot send a bearer token, so the secret in the URL stands for one. Only its hash is kept;
 * the feed shows what the creating organisation may read, until revoked.
 */
export const calendarLinks = sqliteTable(
  "calendar_links",
  {
    id: text("id").primaryKey(),
    playerId: playerRef(),
    /** The organisation whose staff made it: the feed reads what this organisation may read. */
    orgId: orgRef(),
    secretHash: text("secret_hash").notNull(),
    actorClientId: text("actor_client_id").notNull(),
    createdAt: createdAt(),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("calendar_links_secret_uq").on(t.secretHash),
    index("calendar_links_player_idx").on(t.playerId),
  ],
);
