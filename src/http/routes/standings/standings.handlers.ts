import type { RouteHandler } from "@hono/zod-openapi";
import * as standings from "../../../services/standings/rankings";
import { standingsEtag } from "../../cached-rankings";
import { type AppEnv, serviceContext } from "../../context";
import { notModified } from "../../middleware/etag";
import type { getEventStandings, getQualification, getSessionStandings } from "./standings.routes";

/**
 * Each handler: round trip 1 loads the scope (authorisation, version, roster tag); a matching
 * If-None-Match is a 304, a body already built for this tag comes from the response cache,
 * and only otherwise does round trip 2 load and rank the results.
 */
const isPrivate = (scope: standings.StandingsScope) => scope.event.visibility === "private";

export const getSessionStandingsHandler: RouteHandler<typeof getSessionStandings, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadSessionStandingsScope(ctx, c.req.valid("param").sessionId);
  const etag = standingsEtag(scope, `session.${scope.session.id}`);
  if (notModified(c, etag, { private: isPrivate(scope) })) return c.body(null, 304);
  return c.json(
    await c.var.responseCache.getOrBuild(etag, () => standings.sessionStandings(ctx, scope)),
    200,
  );
};

export const getQualificationHandler: RouteHandler<typeof getQualification, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadEventStandingsScope(ctx, c.req.valid("param").eventId);
  const etag = standingsEtag(scope, "qualification");
  if (notModified(c, etag, { private: isPrivate(scope) })) return c.body(null, 304);
  return c.json(await c.var.responseCache.getOrBuild(etag, () => standings.qualification(ctx, scope)), 200);
};

export const getEventStandingsHandler: RouteHandler<typeof getEventStandings, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadEventStandingsScope(ctx, c.req.valid("param").eventId);
  const etag = standingsEtag(scope, "standings");
  if (notModified(c, etag, { private: isPrivate(scope) })) return c.body(null, 304);
  return c.json(await c.var.responseCache.getOrBuild(etag, () => standings.eventStandings(ctx, scope)), 200);
};
