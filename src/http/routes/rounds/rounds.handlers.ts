import type { RouteHandler } from "@hono/zod-openapi";
import * as roundsService from "../../../services/rounds";
import { type AppEnv, serviceContext } from "../../context";
import type { createRounds, deleteRound, getRound, listSessionRounds } from "./rounds.routes";

export const createRoundsHandler: RouteHandler<typeof createRounds, AppEnv> = async (c) =>
  c.json(
    await roundsService.createRounds(serviceContext(c), c.req.valid("param").sessionId, c.req.valid("json")),
    201,
  );

export const listSessionRoundsHandler: RouteHandler<typeof listSessionRounds, AppEnv> = async (c) =>
  c.json(await roundsService.listSessionRounds(serviceContext(c), c.req.valid("param").sessionId), 200);

export const getRoundHandler: RouteHandler<typeof getRound, AppEnv> = async (c) =>
  c.json(await roundsService.getRound(serviceContext(c), c.req.valid("param").roundId), 200);

export const deleteRoundHandler: RouteHandler<typeof deleteRound, AppEnv> = async (c) => {
  await roundsService.deleteRound(serviceContext(c), c.req.valid("param").roundId);
  return c.body(null, 204);
};
