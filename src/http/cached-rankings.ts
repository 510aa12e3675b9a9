import type { Database } from "../db/client";
import { SYSTEM_ACTOR } from "../services/access";
import type { ServiceContext } from "../services/context";
import * as ratings from "../services/ratings";
import * as series from "../services/series";
import * as standings from "../services/standings";
import type { RankingReader } from "../services/webhooks";
import { weakEtag } from "./middleware/etag";
import type { ResponseCache } from "./response-cache";

/**
 * `W/"<eventId>:<resultsVersion>:<kind>:<rosterVersion>.<namesVersion>.<ruleset>"`: the
 * versions on the event row move with every result change and disqualification,
 * registrations, the zero-win cut, sessions, seating and renames (see standings/scope.ts).
 */
export function standingsEtag(scope: standings.StandingsScope, kind: string): string {
  return weakEtag(scope.event.id, scope.event.resultsVersion, kind, scope.rosterTag);
}

/**
 * Rankings through the response cache, keyed by their entity tag: what GraphQL resolvers use,
 * so a ranking costs one scope query when REST or another query already built it. The scope
 * query authorises the read before any cached body is returned.
 */
export function cachedRankings(ctx: ServiceContext, cache: ResponseCache) {
  return {
    async session(sessionId: string) {
      const scope = await standings.loadSessionStandingsScope(ctx, sessionId);
      return cache.getObject(standingsEtag(scope, `session.${scope.session.id}`), () =>
        standings.sessionStandings(ctx, scope),
      );
    },
    async qualification(eventId: string) {
      const scope = await standings.loadEventStandingsScope(ctx, eventId);
      return cache.getObject(standingsEtag(scope, "qualification"), () =>
        standings.qualification(ctx, scope),
      );
    },
    async event(eventId: string) {
      const scope = await standings.loadEventStandingsScope(ctx, eventId);
      return cache.getObject(standingsEtag(scope, "standings"), () => standings.eventStandings(ctx, scope));
    },
    /** The tree's rating table (minGames is applied after). */
    async ratings(orgId: string) {
      return cachedRatingTable(cache, ctx, await ratings.loadRatingScope(ctx, orgId));
    },
    /** A series' standings under the key REST's standings keep their body. */
    async series(seriesId: string) {
      const scope = await series.loadSeriesScope(ctx, seriesId);
      return cache.getObject(weakEtag(scope.etag), () => series.seriesStandings(ctx, scope));
    },
  };
}

/**
 * A tree's rating table, built once per ETag: shared by the REST table, its CSV, every player's
 * rating and GraphQL.
 */
export function cachedRatingTable(
  cache: ResponseCache,
  ...[ctx, scope]: Parameters<typeof ratings.buildRatingTable>
) {
  return cache.getObject(weakEtag(scope.etag), () => ratings.buildRatingTable(ctx, scope));
}

/**
 * The rankings push reads (a `standings.changed` top, a Discord embed), through the same
 * response cache as the API's reads: a results version is ranked once, for the pollers, the
 * feeds' readers and every webhook alike. Each read goes over the database its pool gives.
 */
export function cachedRankingReader(cache: ResponseCache): RankingReader {
  return (db: Database) => cachedRankings({ db, actor: SYSTEM_ACTOR, clock: () => new Date() }, cache);
}
