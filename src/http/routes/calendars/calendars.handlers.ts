import type { Context } from "hono";
import * as calendars from "../../../services/calendars";
import { type AppEnv, serviceContext } from "../../context";
import { notModified, weakEtag } from "../../middleware/etag";
import { publicOrigin } from "../../origin";
import { createRouter } from "../../router";
import * as r from "./calendars.routes";

function sendFeed(c: Context<AppEnv>, feed: calendars.CalendarFeed, secret = false) {
  // A private event's sessions, or a feed reached by its secret, never sit in a shared cache.
  if (notModified(c, weakEtag(feed.tag), { private: feed.private || secret })) return c.body(null, 304);
  return c.body(feed.body, 200, { "content-type": "text/calendar; charset=utf-8" });
}

export const calendarsRouter = createRouter();

calendarsRouter.openapi(r.getEventCalendar, async (c) =>
  sendFeed(
    c,
    await calendars.eventCalendar(serviceContext(c), c.req.valid("param").eventId, publicOrigin(c)),
  ),
);

calendarsRouter.openapi(r.getPlayerCalendar, async (c) =>
  sendFeed(
    c,
    await calendars.playerCalendar(serviceContext(c), c.req.valid("param").playerId, publicOrigin(c)),
  ),
);

calendarsRouter.openapi(r.getSecretCalendar, async (c) => {
  const secret = c.req.valid("param").feed.slice(0, -".ics".length);
  return sendFeed(c, await calendars.secretCalendar(serviceContext(c), secret, publicOrigin(c)), true);
});

calendarsRouter.openapi(r.createCalendarLink, async (c) => {
  const { playerId } = c.req.valid("param");
  const { path, ...link } = await calendars.createCalendarLink(serviceContext(c), playerId);
  return c.json({ ...link, url: `${publicOrigin(c)}${path}` }, 201);
});

calendarsRouter.openapi(r.listCalendarLinks, async (c) =>
  c.json(await calendars.listCalendarLinks(serviceContext(c), c.req.valid("param").playerId), 200),
);

calendarsRouter.openapi(r.revokeCalendarLink, async (c) => {
  await calendars.revokeCalendarLink(serviceContext(c), c.req.valid("param").linkId);
  return c.body(null, 204);
});
