import * as people from "../../../services/events";
import { serviceContext } from "../../context";
import type { Handler } from "../handler";
import type * as r from "./event-people.routes";

export const addStaffHandler: Handler<typeof r.addStaff> = async (c) =>
  c.json(await people.addStaff(serviceContext(c), c.req.valid("param").eventId, c.req.valid("json")), 200);

export const removeStaffHandler: Handler<typeof r.removeStaff> = async (c) => {
  const { eventId, playerId } = c.req.valid("param");
  return c.json(await people.removeStaff(serviceContext(c), eventId, playerId), 200);
};

export const listStaffHandler: Handler<typeof r.listStaff> = async (c) =>
  c.json(await people.listStaff(serviceContext(c), c.req.valid("param").eventId), 200);

export const addAvoidPairHandler: Handler<typeof r.addAvoidPair> = async (c) =>
  c.json(
    await people.addAvoidPair(serviceContext(c), c.req.valid("param").eventId, c.req.valid("json")),
    200,
  );

export const listAvoidPairsHandler: Handler<typeof r.listAvoidPairs> = async (c) =>
  c.json(await people.listAvoidPairs(serviceContext(c), c.req.valid("param").eventId), 200);
