import * as roundsService from "../../../services/rounds";
import { serviceContext } from "../../context";
import { seatingCsv } from "../../csv/rankings-csv";
import { csvDialect, csvRequested } from "../../csv/variant";
import { createRouter } from "../../router";
import { sendSessionCsv } from "../handler";
import * as r from "./rounds.routes";

export const roundsRouter = createRouter();

roundsRouter.openapi(r.createRounds, async (c) => {
  const { sessionId } = c.req.valid("param");
  return c.json(await roundsService.createRounds(serviceContext(c), sessionId, c.req.valid("json")), 201);
});

roundsRouter.openapi(r.listSessionRounds, async (c) => {
  const sessionId = c.req.valid("param").sessionId;
  const rounds = await roundsService.listSessionRounds(serviceContext(c), sessionId);
  const csv = csvRequested(c);
  if (csv) return sendSessionCsv(c, sessionId, csv, "seating", rounds, seatingCsv);
  c.header("Vary", "Accept");
  return c.json(rounds, 200);
});

roundsRouter.openapi(r.listSessionRoundsCsv, async (c) => {
  const sessionId = c.req.valid("param").sessionId;
  const rounds = await roundsService.listSessionRounds(serviceContext(c), sessionId);
  return sendSessionCsv(c, sessionId, csvDialect(c), "seating", rounds, seatingCsv);
});

roundsRouter.openapi(r.getRound, async (c) =>
  c.json(await roundsService.getRound(serviceContext(c), c.req.valid("param").roundId), 200),
);

roundsRouter.openapi(r.deleteRound, async (c) => {
  await roundsService.deleteRound(serviceContext(c), c.req.valid("param").roundId);
  return c.body(null, 204);
});
