import { eq } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { playerMerges, players } from "../../db/schema";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";

// What a merged player's old id answers: read by the store (every read and write of a player)
// and written by the merge.

/** Where a merged id now lives, or null when it was never merged. */
export async function mergedInto(ctx: ServiceContext, playerId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ into: playerMerges.intoPlayerId })
    .from(playerMerges)
    .where(eq(playerMerges.mergedPlayerId, playerId));
  return row?.into ?? null;
}

/** The player with its organisation's ancestry (the organisation first), or undefined. */
export async function findPlayer(ctx: ServiceContext, playerId: string) {
  const [row] = await ctx.db
    .select({ player: players, ancestry: orgAncestryJson(players.orgId) })
    .from(players)
    .where(eq(players.id, playerId));
  return row && { player: row.player, ancestry: JSON.parse(row.ancestry) as string[] };
}

/** What a read of an unknown id answers: 301 to the kept player's `suffix` when merged, else 404. */
export async function unknownPlayer(ctx: ServiceContext, playerId: string, suffix: string) {
  const into = await mergedInto(ctx, playerId);
  return into ? movedPlayer(playerId, into, suffix) : notFound("player", playerId);
}

/** A read of a merged id: 301 to the same resource of the kept player. */
export function movedPlayer(playerId: string, intoId: string, suffix = ""): ServiceError {
  return new ServiceError(
    "moved",
    "player_merged",
    `Player '${playerId}' was merged into '${intoId}'; read /v1/players/${intoId}${suffix}.`,
    { headers: { location: `/v1/players/${intoId}${suffix}` } },
  );
}

/** A write to a merged id: 410, naming the kept player. */
export function gonePlayer(playerId: string, intoId: string): ServiceError {
  return new ServiceError(
    "gone",
    "player_merged",
    `Player '${playerId}' was merged into '${intoId}'; send the change to /v1/players/${intoId}.`,
    { headers: { link: `</v1/players/${intoId}>; rel="successor-version"` } },
  );
}
