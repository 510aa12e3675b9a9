import type { Context } from "hono";
import { readableEvent } from "../../../services/access";
import { openOrgChanges } from "../../../services/outbox";
import { type AppEnv, serviceContext } from "../../context";
import { createRouter } from "../../router";
import * as r from "./changes.routes";
import { openStream, type Watch } from "./open-stream";

async function authorise(c: Context<AppEnv>, eventId: string): Promise<Watch> {
  const event = await readableEvent(serviceContext(c), eventId);
  return {
    kind: "event",
    id: eventId,
    event: { id: event.id, ancestry: event.ancestry, hosts: event.hosts },
  };
}

export const changesRouter = createRouter();

/**
 * The per-event change feed. Authorised here, before the first byte (once streaming, a failure
 * can no longer be a 4xx); then served by the runtime's live feeds, where every connection to
 * the event waits on one shared reader of the database (src/services/live).
 */
changesRouter.openapi(r.streamEventChanges, async (c) => {
  const { eventId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const lastEventId = c.req.valid("header")["last-event-id"];
  return openStream(c, maxSeconds, lastEventId, () => authorise(c, eventId));
});

/** The same feed over a WebSocket where the runtime has them (Workers), else as SSE. */
changesRouter.openapi(r.watchEventLive, async (c) => {
  const { eventId } = c.req.valid("param");
  const { maxSeconds, lastEventId } = c.req.valid("query");
  const socket = c.req.header("upgrade")?.toLowerCase() === "websocket" && !!c.get("live").socket;
  return openStream(c, maxSeconds, lastEventId, () => authorise(c, eventId), socket ? "socket" : "stream");
});

/** The organisation tree's feed: authorised here, then served like the per-event feed. */
changesRouter.openapi(r.streamOrgChanges, async (c) => {
  const { orgId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const lastEventId = c.req.valid("header")["last-event-id"];
  return openStream(c, maxSeconds, lastEventId, async () => {
    const feed = await openOrgChanges(serviceContext(c), orgId);
    return { kind: "org", id: orgId, prunedThrough: feed.position.prunedThrough };
  });
});
