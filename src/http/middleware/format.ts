/**
 * `?format=` is never ignored: a read that does not have the representation it names answers
 * 406 before its handler runs, instead of silently sending JSON. The CSVs are operations of
 * their own (`….csv`); the five JSON reads that had `?format=csv` keep it while deprecated.
 */
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../context";
import { problemResponse } from "../problem";
import { getOrgRatingsCsv } from "../routes/ratings/ratings.routes";
import { listSessionRounds, listSessionRoundsCsv } from "../routes/rounds/rounds.routes";
import { getSeriesStandingsCsv } from "../routes/series/series.routes";
import { listRegistrations, listRegistrationsCsv } from "../routes/sessions/sessions.routes";
import {
  getEventStandings,
  getEventStandingsCsv,
  getQualification,
  getQualificationCsv,
  getSessionStandings,
  getSessionStandingsCsv,
} from "../routes/standings/standings.routes";

/** `/v1/events/{eventId}` → `/v1/events/:eventId`, as the router names the route. */
const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** The JSON reads whose deprecated `?format=csv` still answers their CSV. */
const NEGOTIATED = new Set(
  [getSessionStandings, getQualification, getEventStandings, listSessionRounds, listRegistrations].map((r) =>
    routerPath(r.path),
  ),
);

/** Every CSV operation, to name the one a JSON read has. */
const CSV_PATHS = new Set(
  [
    getSessionStandingsCsv,
    getQualificationCsv,
    getEventStandingsCsv,
    listSessionRoundsCsv,
    listRegistrationsCsv,
    getSeriesStandingsCsv,
    getOrgRatingsCsv,
  ].map((r) => routerPath(r.path)),
);

export const formatOffered: MiddlewareHandler<AppEnv> = async (c, next) => {
  const format = c.req.query("format");
  if (format === undefined || format === "json" || (c.req.method !== "GET" && c.req.method !== "HEAD")) {
    return next();
  }
  // The route that answers (HEAD is routed as GET); none: the 404 of an unknown path.
  const route = matchedRoutes(c)
    .filter((r) => r.method === "GET")
    .at(-1)?.path;
  if (!route || NEGOTIATED.has(route) || CSV_PATHS.has(route)) return next();
  const csv = CSV_PATHS.has(`${route}.csv`) ? ` Its CSV is GET ${c.req.path}.csv.` : "";
  return problemResponse(c, {
    status: 406,
    code: "format_not_offered",
    detail: `GET ${c.req.path} does not answer format=${format}: it answers JSON.${csv}`,
    errors: [{ path: "format", message: `format=${format} is not offered here` }],
  });
};
