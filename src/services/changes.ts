import { eq } from "drizzle-orm";
import { events } from "../db/schema";
import { canReadEvent, readableEvent } from "./access";
import type { ServiceContext } from "./context";

export interface ChangeFeed {
  /** The results version when the feed opened. */
  resultsVersion: number;
  /**
   * The version now, one primary-key read cheap enough to poll; undefined once the event is
   * gone or the caller may no longer read it (it turned private), which ends the feed.
   */
  poll(): Promise<number | undefined>;
}

/** Authorises a change feed on an event the caller may read. */
export async function openChangeFeed(ctx: ServiceContext, eventId: string): Promise<ChangeFeed> {
  const event = await readableEvent(ctx, eventId);
  return {
    resultsVersion: event.resultsVersion,
    async poll() {
      const [row] = await ctx.db
        .select({ version: events.resultsVersion, visibility: events.visibility })
        .from(events)
        .where(eq(events.id, eventId));
      // The organisation tree never changes; only the visibility can take the event away.
      return row && canReadEvent(ctx.actor, { ...event, visibility: row.visibility })
        ? row.version
        : undefined;
    },
  };
}
