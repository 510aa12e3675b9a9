import * as people from "../../../services/events";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import * as r from "./event-people.routes";

export const eventPeopleRouter = createRouter();

eventPeopleRouter.openapi(r.addStaff, async (c) =>
  c.json(await people.addStaff(serviceContext(c), c.req.valid("param").eventId, c.req.valid("json")), 200),
);

eventPeopleRouter.openapi(r.removeStaff, async (c) => {
  const { eventId, playerId } = c.req.valid("param");
  return c.json(await people.removeStaff(serviceContext(c), eventId, playerId), 200);
});

eventPeopleRouter.openapi(r.listStaff, async (c) =>
  c.json(await people.listStaff(serviceContext(c), c.req.valid("param").eventId), 200),
);

eventPeopleRouter.openapi(r.addAvoidPair, async (c) => {
  const { eventId } = c.req.valid("param");
  return c.json(await people.addAvoidPair(serviceContext(c), eventId, c.req.valid("json")), 200);
});

eventPeopleRouter.openapi(r.listAvoidPairs, async (c) =>
  c.json(await people.listAvoidPairs(serviceContext(c), c.req.valid("param").eventId), 200),
);
