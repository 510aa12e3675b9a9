import type { Context } from "hono";
import { loadSessionScope } from "../../../services/events";
import * as roundsService from "../../../services/rounds";
import { type AppEnv, serviceContext } from "../../context";
import type { CsvLang } from "../../csv/format";
import { seatingCsv } from "../../csv/rankings-csv";
import { csvDialect, csvRequested, sendCsv } from "../../csv/variant";
import { bodyEtag } from "../../middleware/etag";
import { createRouter } from "../../router";
import * as r from "./rounds.routes";

/**
 * The seating has no version of its own: its JSON tag is hashed from the body (as every JSON
 * read's is), and the CSV's tag is derived from that one.
 */
async function sendSeatingCsv(
  c: Context<AppEnv>,
  sessionId: string,
  rounds: Awaited<ReturnType<typeof roundsService.listSessionRounds>>,
  lang: CsvLang,
) {
  const { event, session } = await loadSessionScope(serviceContext(c), sessionId);
  return sendCsv(c, lang, {
    jsonTag: await bodyEtag(JSON.stringify(rounds)),
    private: event.visibility === "private",
    file: { name: event.name, session, timeZone: event.timezone, kind: "seating" },
    build: () => seatingCsv(rounds, lang),
  });
}

export const roundsRouter = createRouter();

roundsRouter.openapi(r.createRounds, async (c) =>
  c.json(
    await roundsService.createRounds(serviceContext(c), c.req.valid("param").sessionId, c.req.valid("json")),
    201,
  ),
);

roundsRouter.openapi(r.listSessionRounds, async (c) => {
  const sessionId = c.req.valid("param").sessionId;
  const rounds = await roundsService.listSessionRounds(serviceContext(c), sessionId);
  const csv = csvRequested(c);
  if (csv) return sendSeatingCsv(c, sessionId, rounds, csv);
  c.header("Vary", "Accept");
  return c.json(rounds, 200);
});

roundsRouter.openapi(r.listSessionRoundsCsv, async (c) => {
  const sessionId = c.req.valid("param").sessionId;
  const rounds = await roundsService.listSessionRounds(serviceContext(c), sessionId);
  return sendSeatingCsv(c, sessionId, rounds, csvDialect(c));
});

roundsRouter.openapi(r.getRound, async (c) =>
  c.json(await roundsService.getRound(serviceContext(c), c.req.valid("param").roundId), 200),
);

roundsRouter.openapi(r.deleteRound, async (c) => {
  await roundsService.deleteRound(serviceContext(c), c.req.valid("param").roundId);
  return c.body(null, 204);
});
