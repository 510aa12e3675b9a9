import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import * as standings from "../../../services/standings";
import { sendCachedJson } from "../../cached-body";
import { standingsEtag } from "../../cached-rankings";
import { type AppEnv, serviceContext } from "../../context";
import { rankingCsv } from "../../csv/rankings-csv";
import { type CsvFile, csvRequested, sendCsv } from "../../csv/variant";
import { notModified } from "../../middleware/etag";
import type { getEventStandings, getQualification, getSessionStandings } from "./standings.routes";

/**
 * Each handler: round trip 1 loads the scope (authorisation and the event's versions, by
 * primary key); a matching If-None-Match is a 304, a body already built for this tag is sent
 * from the response cache as bytes, and only otherwise does round trip 2 load and rank.
 * `?format=csv` (or `Accept: text/csv`) takes the same steps with the CSV's own tag.
 */
const isPrivate = (scope: standings.StandingsScope) => scope.event.visibility === "private";

function sendRanking(
  c: Context<AppEnv>,
  scope: standings.StandingsScope,
  etag: string,
  file: CsvFile,
  build: () => Promise<Parameters<typeof rankingCsv>[0]>,
) {
  const priv = { private: isPrivate(scope) };
  const csv = csvRequested(c);
  if (csv) {
    return sendCsv(c, csv, {
      jsonTag: etag,
      ...priv,
      file,
      build: async () => rankingCsv(await build(), csv),
    });
  }
  c.header("Vary", "Accept");
  if (notModified(c, etag, priv)) return c.body(null, 304);
  return sendCachedJson(c, etag, priv, build);
}

export const getSessionStandingsHandler: RouteHandler<typeof getSessionStandings, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadSessionStandingsScope(ctx, c.req.valid("param").sessionId);
  const etag = standingsEtag(scope, `session.${scope.session.id}`);
  const file: CsvFile = { event: scope.event, session: scope.session, kind: "sessionStandings" };
  return sendRanking(c, scope, etag, file, () => standings.sessionStandings(ctx, scope));
};

export const getQualificationHandler: RouteHandler<typeof getQualification, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadEventStandingsScope(ctx, c.req.valid("param").eventId);
  const etag = standingsEtag(scope, "qualification");
  const file: CsvFile = { event: scope.event, kind: "qualification" };
  return sendRanking(c, scope, etag, file, () => standings.qualification(ctx, scope));
};

export const getEventStandingsHandler: RouteHandler<typeof getEventStandings, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadEventStandingsScope(ctx, c.req.valid("param").eventId);
  const etag = standingsEtag(scope, "standings");
  const file: CsvFile = { event: scope.event, kind: "eventStandings" };
  return sendRanking(c, scope, etag, file, () => standings.eventStandings(ctx, scope));
};
