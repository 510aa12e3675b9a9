import type { RouteHandler } from "@hono/zod-openapi";
import * as playoffs from "../../../services/rounds";
import { type AppEnv, serviceContext } from "../../context";
import type * as r from "./playoffs.routes";

export const seatSemifinalsHandler: RouteHandler<typeof r.seatSemifinals, AppEnv> = async (c) => {
  const round = await playoffs.seatSemifinals(serviceContext(c), c.req.valid("param").eventId);
  return c.json(round, 201, { location: `/v1/rounds/${round.id}` });
};

export const seatFinalHandler: RouteHandler<typeof r.seatFinal, AppEnv> = async (c) => {
  const round = await playoffs.seatFinal(serviceContext(c), c.req.valid("param").eventId);
  return c.json(round, 201, { location: `/v1/rounds/${round.id}` });
};
