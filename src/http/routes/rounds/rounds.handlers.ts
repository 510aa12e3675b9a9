import type { RouteHandler } from "@hono/zod-openapi";
import { loadSessionScope } from "../../../services/events";
import * as roundsService from "../../../services/rounds";
import { type AppEnv, serviceContext } from "../../context";
import { seatingCsv } from "../../csv/rankings-csv";
import { csvRequested, sendCsv } from "../../csv/variant";
import { bodyEtag } from "../../middleware/etag";
import type { createRounds, deleteRound, getRound, listSessionRounds } from "./rounds.routes";

export const createRoundsHandler: RouteHandler<typeof createRounds, AppEnv> = async (c) =>
  c.json(
    await roundsService.createRounds(serviceContext(c), c.req.valid("param").sessionId, c.req.valid("json")),
    201,
  );

/**
 * The seating has no version of its own: its JSON tag is hashed from the body (as every JSON
 * read's is), and the CSV variant's tag is derived from that one.
 */
export const listSessionRoundsHandler: RouteHandler<typeof listSessionRounds, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const sessionId = c.req.valid("param").sessionId;
  const rounds = await roundsService.listSessionRounds(ctx, sessionId);
  const csv = csvRequested(c);
  if (!csv) {
    c.header("Vary", "Accept");
    return c.json(rounds, 200);
  }
  const { event, session } = await loadSessionScope(ctx, sessionId);
  return sendCsv(c, csv, {
    jsonTag: await bodyEtag(JSON.stringify(rounds)),
    private: event.visibility === "private",
    file: { event, session, kind: "seating" },
    build: () => seatingCsv(rounds, csv),
  });
};

export const getRoundHandler: RouteHandler<typeof getRound, AppEnv> = async (c) =>
  c.json(await roundsService.getRound(serviceContext(c), c.req.valid("param").roundId), 200);

export const deleteRoundHandler: RouteHandler<typeof deleteRound, AppEnv> = async (c) => {
  await roundsService.deleteRound(serviceContext(c), c.req.valid("param").roundId);
  return c.body(null, 204);
};
