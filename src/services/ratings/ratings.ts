/**
 * `GET /v1/orgs/{orgId}/ratings` and `GET /v1/players/{id}/rating`: openskill ratings over every
 * final game of an organisation tree, computed on read (nothing stored, so a correction or a
 * merge re-rates everyone) and cached per ETag by the HTTP layer.
 *
 * Round trips: the scope (organisation + fingerprint, one batch) answers 304; the games are
 * one more batch. Members of the organisation (or above) rate over every event of the tree
 * (`view: all`); everyone else over public events only (`view: public`).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { events, organizations, players } from "../../db/schema";
import { fnv1a, inOrgTree } from "../../db/tree";
import { computeRatings, RATING_PARAMETERS, sortRatings } from "../../domain/rating";
import { canReadOrg } from "../access";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { loadRatingGames, type RatingView } from "./data";

type RatingScope = Awaited<ReturnType<typeof loadRatingScope>>;

/** The whole tree's ratings: what the cache keeps (filters apply after). */
export type RatingTable = Awaited<ReturnType<typeof buildRatingTable>>;

/** A fingerprint of the events `where` selects: their count, results versions and last change. */
function eventsTag(ctx: ServiceContext, where: SQL) {
  return ctx.db
    .select({
      tag: sql<string>`count(*) || '.' || coalesce(sum(${events.resultsVersion}), 0) || '.' || coalesce(max(${events.updatedAt}), '-')`,
    })
    .from(events)
    .where(where);
}

export async function loadRatingScope(ctx: ServiceContext, orgId: string) {
  const tree = inOrgTree(events.orgId, orgId);
  const [[org], [publicTag], [allTag], [playersTag]] = await ctx.db.batch([
    ctx.db
      .select({ ancestry: orgAncestryJson(organizations.id) })
      .from(organizations)
      .where(eq(organizations.id, orgId)),
    eventsTag(ctx, sql`${tree} and ${events.visibility} = 'public'`),
    eventsTag(ctx, tree),
    // Renames and merges change rows without touching an event.
    ctx.db
      .select({ tag: sql<string>`count(*) || '.' || coalesce(max(${players.updatedAt}), '-')` })
      .from(players)
      .where(inOrgTree(players.orgId, orgId)),
  ]);
  if (!org) throw notFound("organization", orgId);
  const view: RatingView = canReadOrg(ctx.actor, JSON.parse(org.ancestry) as string[]) ? "all" : "public";
  const events_ = view === "all" ? allTag?.tag : publicTag?.tag;
  return {
    orgId,
    view,
    etag: `ratings:${orgId}:${view}:${fnv1a(`${events_}#${playersTag?.tag}#${RATING_PARAMETERS.version}`)}`,
    private: view === "all" && allTag?.tag !== publicTag?.tag,
  };
}

export async function buildRatingTable(ctx: ServiceContext, scope: RatingScope) {
  const data = await loadRatingGames(ctx, scope.orgId, scope.view);
  const rated = sortRatings(computeRatings(data.games));
  return {
    orgId: scope.orgId,
    view: scope.view,
    parameters: {
      ...RATING_PARAMETERS,
      ordinal: "mu - z * sigma",
      order:
        "final games by event start date (creation date if none), event creation, event id; prelims by session date and round, then semifinals, then the final; then table number",
    },
    gamesRated: data.games.length,
    rows: rated.map((r) => ({
      player: { id: r.playerId, name: data.names.get(r.playerId) ?? r.playerId },
      ordinal: r.ordinal,
      mu: r.mu,
      sigma: r.sigma,
      games: r.games,
      lastPlayed: { eventId: r.lastEventId, ...data.events.get(r.lastEventId)! },
      history: r.history.map((h) => ({ ...h, ...data.events.get(h.eventId)! })),
    })),
  };
}

/** The table for `GET …/ratings`: players with at least `minGames` games, ranked by ordinal. */
export function ratingsResponse(table: RatingTable, minGames: number) {
  const rows = table.rows.filter((r) => r.games >= minGames);
  return {
    orgId: table.orgId,
    view: table.view,
    parameters: table.parameters,
    minGames,
    gamesRated: table.gamesRated,
    rows: rows.map(({ history: _history, ...row }, i) => ({ rank: i + 1, ...row })),
  };
}
