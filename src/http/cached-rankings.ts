import type { ServiceContext } from "../services/context";
import * as standings from "../services/standings/rankings";
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

const utf8 = new TextEncoder();
const decoder = new TextDecoder();

/** A body from the byte cache as the object GraphQL resolves from: built by whichever asked first. */
export async function cachedObject<T>(
  cache: ResponseCache,
  etag: string,
  build: () => Promise<T>,
): Promise<T> {
  const body = await cache.getOrBuild(etag, async () => utf8.encode(JSON.stringify(await build())));
  return JSON.parse(decoder.decode(body.identity)) as T;
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
      return cachedObject(cache, standingsEtag(scope, `session.${scope.session.id}`), () =>
        standings.sessionStandings(ctx, scope),
      );
    },
    async qualification(eventId: string) {
      const scope = await standings.loadEventStandingsScope(ctx, eventId);
      return cachedObject(cache, standingsEtag(scope, "qualification"), () =>
        standings.qualification(ctx, scope),
      );
    },
    async event(eventId: string) {
      const scope = await standings.loadEventStandingsScope(ctx, eventId);
      return cachedObject(cache, standingsEtag(scope, "standings"), () =>
        standings.eventStandings(ctx, scope),
      );
    },
  };
}

export type CachedRankings = ReturnType<typeof cachedRankings>;
