/** `GET /v1/players/{id}/rating`: one player's row of their tree's ratings, with its history per event. */
import { canReadOrg } from "../access";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { findPlayer, unknownPlayer } from "../players";
import { loadRatingScope, type RatingTable } from "./ratings";

export async function loadPlayerRatingScope(ctx: ServiceContext, playerId: string) {
  const found = await findPlayer(ctx, playerId);
  if (!found) throw await unknownPlayer(ctx, playerId, "/rating");
  return {
    player: found.player,
    // Members of the player's organisation (or above) see the player even without a visible game.
    member: canReadOrg(ctx.actor, found.ancestry),
    ratings: await loadRatingScope(ctx, found.player.rootOrgId),
  };
}

/** A row of the table without who it is and its history: the player's `rating`. */
const ratingOf = ({ player: _player, history: _history, ...rating }: RatingTable["rows"][number]) => rating;

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
    rating: row ? { rank: index + 1, ...ratingOf(row) } : null,
    history: row?.history ?? [],
  };
}
