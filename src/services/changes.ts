import { eq } from "drizzle-orm";
import { events } from "../db/schema";
import type { ServiceContext } from "./context";
import { readableEvent } from "./event-access";

/** Authorises a change feed and returns the event's current results version. */
export async function openChangeFeed(ctx: ServiceContext, eventId: string): Promise<number> {
  return (await readableEvent(ctx, eventId)).resultsVersion;
}

/** The current results version: one primary-key read, cheap enough to poll. */
export async function currentResultsVersion(
  ctx: ServiceContext,
  eventId: string,
): Promise<number | undefined> {
  const [row] = await ctx.db.select({ v: events.resultsVersion }).from(events).where(eq(events.id, eventId));
  return row?.v;
}
