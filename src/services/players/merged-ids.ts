import { eq } from "drizzle-orm";
import { playerMerges } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";

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
