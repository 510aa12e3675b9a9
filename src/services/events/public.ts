import { desc, eq } from "drizzle-orm";
import { events } from "../../db/schema";
import type { ServiceContext } from "../context";

/**
 * Public events of every organisation, newest first: what the server's home page links to.
 * Anyone may read them (public events need no token), so no actor check is needed.
 */
export async function listPublicEvents(ctx: ServiceContext) {
  return ctx.db
    .select({ id: events.id, name: events.name, startsOn: events.startsOn, venue: events.venue })
    .from(events)
    .where(eq(events.visibility, "public"))
    .orderBy(desc(events.startsOn), desc(events.id))
    .limit(50);
}

export type PublicEventSummary = Awaited<ReturnType<typeof listPublicEvents>>[number];
