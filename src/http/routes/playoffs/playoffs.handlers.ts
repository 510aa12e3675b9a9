import * as playoffs from "../../../services/rounds";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import * as r from "./playoffs.routes";

export const playoffsRouter = createRouter();

playoffsRouter.openapi(r.seatSemifinals, async (c) => {
  const round = await playoffs.seatSemifinals(serviceContext(c), c.req.valid("param").eventId);
  return c.json(round, 201, { location: `/v1/rounds/${round.id}` });
});

playoffsRouter.openapi(r.seatFinal, async (c) => {
  const round = await playoffs.seatFinal(serviceContext(c), c.req.valid("param").eventId);
  return c.json(round, 201, { location: `/v1/rounds/${round.id}` });
});
