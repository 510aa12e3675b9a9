/** `GET /v1/players/{id}/rating`: one player's row of their tree's ratings, with its history per event. */
import { eq } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { players } from "../../db/schema";
import { canReadOrg } from "../access";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { mergedInto, movedPlayer } from "../players";
import { loadRatingScope, type RatingTable } from "./ratings";

export async function loadPlayerRatingScope(ctx: ServiceContext, playerId: string) {
  const [row] = await ctx.db
    .select({
      id: players.id,
      name: players.name,
      orgId: players.orgId,
      rootOrgId: players.rootOrgId,
      ancestry: orgAncestryJson(players.orgId),
    })
    .from(players)
    .where(eq(players.id, playerId));
  if (!row) {
    const into = await mergedInto(ctx, playerId);
    throw into ? movedPlayer(playerId, into, "/rating") : notFound("player", playerId);
  }
  const { ancestry, ...player } = row;
  return {
    player,
    // Members of the player's organisation (or above) see the player even without a visible game.
    member: canReadOrg(ctx.actor, JSON.parse(ancestry) as string[]),
    ratings: await loadRatingScope(ctx, player.rootOrgId),
  };
}

export function playerRating(table: RatingTable, scope: Awaited<ReturnType<typeof loadPlayerRatingScope>>) {
  const index = table.rows.findIndex((r) => r.player.id === scope.player.id);
  // Someone who may not read the player's organisation only learns of them through a visible game.
  if (index < 0 && !scope.member) throw notFound("player", scope.player.id);
  const row = table.rows[index];
  return {
    player: { id: scope.player.id, name: scope.player.name },
    orgId: table.orgId,
    view: table.view,
    parameters: table.parameters,
    rating: row
      ? {
          rank: index + 1,
          ordinal: row.ordinal,
          mu: row.mu,
          sigma: row.sigma,
          games: row.games,
          lastPlayed: row.lastPlayed,
        }
      : null,
    history: row?.history ?? [],
  };
}
