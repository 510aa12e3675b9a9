import * as events from "../../../services/events";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import { jsonPage } from "../handler";
import * as r from "./events.routes";

/** The deprecated `timezone` is `timeZone` to the service (the schema made sure they agree). */
function withTimeZone<T extends { timeZone?: string | null; timezone?: string | null }>({
  timezone,
  ...body
}: T) {
  return body.timeZone === undefined && timezone !== undefined ? { ...body, timeZone: timezone } : body;
}

export const eventsRouter = createRouter();

eventsRouter.openapi(r.createEvent, async (c) => {
  const { orgId } = c.req.valid("param");
  const event = await events.createEvent(serviceContext(c), orgId, withTimeZone(c.req.valid("json")));
  return c.json(event, 201, { location: `/v1/events/${event.id}` });
});

eventsRouter.openapi(r.listEvents, async (c) => {
  const { include, ...query } = c.req.valid("query");
  return jsonPage(
    c,
    await events.listEvents(serviceContext(c), c.req.valid("param").orgId, {
      ...query,
      includeDescendants: include?.includes("descendants") ?? false,
      includeHosted: include?.includes("hosted") ?? false,
    }),
  );
});

eventsRouter.openapi(r.getEvent, async (c) =>
  c.json(await events.getEvent(serviceContext(c), c.req.valid("param").eventId), 200),
);

eventsRouter.openapi(r.updateEvent, async (c) => {
  const { eventId } = c.req.valid("param");
  return c.json(await events.updateEvent(serviceContext(c), eventId, withTimeZone(c.req.valid("json"))), 200);
});
