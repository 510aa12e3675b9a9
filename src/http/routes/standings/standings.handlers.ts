import type { Context } from "hono";
import * as standings from "../../../services/standings";
import { sendCachedJson } from "../../cached-body";
import { standingsEtag } from "../../cached-rankings";
import { type AppEnv, serviceContext } from "../../context";
import type { CsvLang } from "../../csv/format";
import { rankingCsv } from "../../csv/rankings-csv";
import { type CsvFile, csvDialect, csvRequested, sendCsv } from "../../csv/variant";
import { notModified } from "../../middleware/etag";
import { createRouter } from "../../router";
import * as r from "./standings.routes";

/**
 * Each handler: round trip 1 loads the scope (authorisation and the event's versions, by
 * primary key); a matching If-None-Match is a 304, a body already built for this tag is sent
 * from the response cache as bytes, and only otherwise does round trip 2 load and rank.
 * The `….csv` operations take the same steps with the CSV's own tag; so does the deprecated
 * `?format=csv` (or `Accept: text/csv`) on the JSON operations.
 */
const isPrivate = (scope: standings.StandingsScope) => scope.event.visibility === "private";

/** A ranking to answer: its scope, its ETag, its CSV file's name, and how to build it. */
type Target = {
  scope: standings.StandingsScope;
  etag: string;
  file: CsvFile;
  build: () => Promise<Parameters<typeof rankingCsv>[0]>;
};

function sendRankingCsv(c: Context<AppEnv>, t: Target, lang: CsvLang) {
  return sendCsv(c, lang, {
    jsonTag: t.etag,
    private: isPrivate(t.scope),
    file: t.file,
    build: async () => rankingCsv(await t.build(), lang),
  });
}

function sendRanking(c: Context<AppEnv>, t: Target) {
  const csv = csvRequested(c);
  if (csv) return sendRankingCsv(c, t, csv);
  c.header("Vary", "Accept");
  const priv = { private: isPrivate(t.scope) };
  if (notModified(c, t.etag, priv)) return c.body(null, 304);
  return sendCachedJson(c, t.etag, priv, t.build);
}

async function sessionTarget(c: Context<AppEnv>, sessionId: string): Promise<Target> {
  const ctx = serviceContext(c);
  const scope = await standings.loadSessionStandingsScope(ctx, sessionId);
  return {
    scope,
    etag: standingsEtag(scope, `session.${scope.session.id}`),
    file: {
      name: scope.event.name,
      session: scope.session,
      timeZone: scope.event.timezone,
      kind: "sessionStandings",
    },
    build: () => standings.sessionStandings(ctx, scope),
  };
}

async function eventTarget(
  c: Context<AppEnv>,
  eventId: string,
  kind: "qualification" | "standings",
): Promise<Target> {
  const ctx = serviceContext(c);
  const scope = await standings.loadEventStandingsScope(ctx, eventId);
  return {
    scope,
    etag: standingsEtag(scope, kind),
    file: {
      name: scope.event.name,
      timeZone: scope.event.timezone,
      kind: kind === "qualification" ? "qualification" : "eventStandings",
    },
    build:
      kind === "qualification"
        ? () => standings.qualification(ctx, scope)
        : () => standings.eventStandings(ctx, scope),
  };
}

export const standingsRouter = createRouter();

standingsRouter.openapi(r.getSessionStandings, async (c) =>
  sendRanking(c, await sessionTarget(c, c.req.valid("param").sessionId)),
);

standingsRouter.openapi(r.getQualification, async (c) =>
  sendRanking(c, await eventTarget(c, c.req.valid("param").eventId, "qualification")),
);

standingsRouter.openapi(r.getEventStandings, async (c) =>
  sendRanking(c, await eventTarget(c, c.req.valid("param").eventId, "standings")),
);

standingsRouter.openapi(r.getSessionStandingsCsv, async (c) =>
  sendRankingCsv(c, await sessionTarget(c, c.req.valid("param").sessionId), csvDialect(c)),
);

standingsRouter.openapi(r.getQualificationCsv, async (c) =>
  sendRankingCsv(c, await eventTarget(c, c.req.valid("param").eventId, "qualification"), csvDialect(c)),
);

standingsRouter.openapi(r.getEventStandingsCsv, async (c) =>
  sendRankingCsv(c, await eventTarget(c, c.req.valid("param").eventId, "standings"), csvDialect(c)),
);
