import type { RouteHandler } from "@hono/zod-openapi";
import * as events from "../../../services/events";
import { type AppEnv, serviceContext } from "../../context";
import { jsonPage } from "../respond";
import type * as r from "./events.routes";

/** The deprecated `timezone` is `timeZone` to the service (the schema made sure they agree). */
function withTimeZone<T extends { timeZone?: string | null; timezone?: string | null }>({
  timezone,
  ...body
}: T) {
  return body.timeZone === undefined && timezone !== undefined ? { ...body, timeZone: timezone } : body;
}

export const createEventHandler: RouteHandler<typeof r.createEvent, AppEnv> = async (c) => {
  const { orgId } = c.req.valid("param");
  const event = await events.createEvent(serviceContext(c), orgId, withTimeZone(c.req.valid("json")));
  return c.json(event, 201, { location: `/v1/events/${event.id}` });
};

export const listEventsHandler: RouteHandler<typeof r.listEvents, AppEnv> = async (c) => {
  const { include, ...query } = c.req.valid("query");
  return jsonPage(
    c,
    await events.listEvents(serviceContext(c), c.req.valid("param").orgId, {
      ...query,
      includeDescendants: include?.includes("descendants") ?? false,
      includeHosted: include?.includes("hosted") ?? false,
    }),
  );
};

export const getEventHandler: RouteHandler<typeof r.getEvent, AppEnv> = async (c) =>
  c.json(await events.getEvent(serviceContext(c), c.req.valid("param").eventId), 200);

export const updateEventHandler: RouteHandler<typeof r.updateEvent, AppEnv> = async (c) =>
  c.json(
    await events.updateEvent(
      serviceContext(c),
      c.req.valid("param").eventId,
      withTimeZone(c.req.valid("json")),
    ),
    200,
  );
