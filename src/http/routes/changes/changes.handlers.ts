import type { RouteHandler } from "@hono/zod-openapi";
import { openChangeFeed } from "../../../services/changes";
import { type AppEnv, serviceContext } from "../../context";
import type { streamEventChanges } from "./changes.routes";
import { openStream } from "./open-stream";

/**
 * The per-event change feed. Authorised here, before the first byte (once streaming, a failure
 * can no longer be a 4xx); then served by the runtime's live feeds, where every connection to
 * the event waits on one shared reader of the database (src/services/live).
 */
export const streamEventChangesHandler: RouteHandler<typeof streamEventChanges, AppEnv> = async (c) => {
  const { eventId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const header = c.req.valid("header")["last-event-id"];
  return openStream(c, maxSeconds, async () => {
    const { event } = await openChangeFeed(serviceContext(c), eventId);
    return {
      kind: "event",
      id: eventId,
      event: { id: event.id, ancestry: event.ancestry, hosts: event.hosts },
      ...(header === undefined ? {} : { lastEventId: Number(header) }),
    };
  }) as never;
};
