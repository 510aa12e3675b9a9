import type { RouteHandler } from "@hono/zod-openapi";
import * as people from "../../../services/events";
import { type AppEnv, serviceContext } from "../../context";
import type * as r from "./event-people.routes";

export const addStaffHandler: RouteHandler<typeof r.addStaff, AppEnv> = async (c) =>
  c.json(await people.addStaff(serviceContext(c), c.req.valid("param").eventId, c.req.valid("json")), 200);

export const removeStaffHandler: RouteHandler<typeof r.removeStaff, AppEnv> = async (c) => {
  const { eventId, playerId } = c.req.valid("param");
  return c.json(await people.removeStaff(serviceContext(c), eventId, playerId), 200);
};

export const listStaffHandler: RouteHandler<typeof r.listStaff, AppEnv> = async (c) =>
  c.json(await people.listStaff(serviceContext(c), c.req.valid("param").eventId), 200);

export const addAvoidPairHandler: RouteHandler<typeof r.addAvoidPair, AppEnv> = async (c) =>
  c.json(
    await people.addAvoidPair(serviceContext(c), c.req.valid("param").eventId, c.req.valid("json")),
    200,
  );

export const listAvoidPairsHandler: RouteHandler<typeof r.listAvoidPairs, AppEnv> = async (c) =>
  c.json(await people.listAvoidPairs(serviceContext(c), c.req.valid("param").eventId), 200);
