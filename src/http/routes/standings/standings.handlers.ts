import type { RouteHandler } from "@hono/zod-openapi";
import * as standings from "../../../services/standings";
import { sendCachedJson, sendNotModified } from "../../cached-body";
import { standingsEtag } from "../../cached-rankings";
import { type AppEnv, serviceContext } from "../../context";
import { notModified } from "../../middleware/etag";
import type { getEventStandings, getQualification, getSessionStandings } from "./standings.routes";

/**
 * Each handler: round trip 1 loads the scope (authorisation and the event's versions, by
 * primary key); a matching If-None-Match is a 304, a body already built for this tag is sent
 * from the response cache as bytes, and only otherwise does round trip 2 load and rank.
 */
const isPrivate = (scope: standings.StandingsScope) => scope.event.visibility === "private";

export const getSessionStandingsHandler: RouteHandler<typeof getSessionStandings, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadSessionStandingsScope(ctx, c.req.valid("param").sessionId);
  const etag = standingsEtag(scope, `session.${scope.session.id}`);
  const priv = { private: isPrivate(scope) };
  if (notModified(c, etag, priv)) return sendNotModified(c);
  return sendCachedJson(c, etag, priv, () => standings.sessionStandings(ctx, scope));
};

export const getQualificationHandler: RouteHandler<typeof getQualification, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadEventStandingsScope(ctx, c.req.valid("param").eventId);
  const etag = standingsEtag(scope, "qualification");
  const priv = { private: isPrivate(scope) };
  if (notModified(c, etag, priv)) return sendNotModified(c);
  return sendCachedJson(c, etag, priv, () => standings.qualification(ctx, scope));
};

export const getEventStandingsHandler: RouteHandler<typeof getEventStandings, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await standings.loadEventStandingsScope(ctx, c.req.valid("param").eventId);
  const etag = standingsEtag(scope, "standings");
  const priv = { private: isPrivate(scope) };
  if (notModified(c, etag, priv)) return sendNotModified(c);
  return sendCachedJson(c, etag, priv, () => standings.eventStandings(ctx, scope));
};
