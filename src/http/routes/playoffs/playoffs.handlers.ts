import * as playoffs from "../../../services/rounds";
import { serviceContext } from "../../context";
import type { Handler } from "../handler";
import type * as r from "./playoffs.routes";

export const seatSemifinalsHandler: Handler<typeof r.seatSemifinals> = async (c) => {
  const round = await playoffs.seatSemifinals(serviceContext(c), c.req.valid("param").eventId);
  return c.json(round, 201, { location: `/v1/rounds/${round.id}` });
};

export const seatFinalHandler: Handler<typeof r.seatFinal> = async (c) => {
  const round = await playoffs.seatFinal(serviceContext(c), c.req.valid("param").eventId);
  return c.json(round, 201, { location: `/v1/rounds/${round.id}` });
};
