/**
 * The programme exclusions in force (docs/rules.md#sanctions): registration in an event of the
 * excluding organisation's tree is refused until the exclusion's end, a calendar day read in
 * that organisation's time zone.
 */
import { and, asc, eq, gte, inArray, isNull } from "drizzle-orm";
import { organizations, programmeExclusions } from "../../db/schema";
import { calendarDayIn } from "../../domain/local-time";
import type { ServiceContext } from "../context";

/**
 * The exclusions in force in an event of `ancestry` (its organisation first), for these players,
 * or for anyone when `playerIds` is left out (a read that need not wait for a list of players);
 * and the ids of all the players' unlifted exclusions read, for `noExclusionUnseen` at commit.
 */
export async function exclusionsInForce(
  ctx: ServiceContext,
  ancestry: readonly string[],
  playerIds?: readonly string[],
) {
  const now = ctx.clock();
  // A day either side of UTC covers every zone; each row is then read in its organisation's.
  const earliest = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const rows = await ctx.db
    .select({
      id: programmeExclusions.id,
      playerId: programmeExclusions.playerId,
      until: programmeExclusions.until,
      orgName: organizations.name,
      timezone: organizations.timezone,
    })
    .from(programmeExclusions)
    .innerJoin(organizations, eq(organizations.id, programmeExclusions.orgId))
    .where(
      and(
        // Named players' exclusions are read whole, ended ones too, so that the ids seen are all.
        playerIds
          ? inArray(programmeExclusions.playerId, [...playerIds])
          : gte(programmeExclusions.until, earliest),
        inArray(programmeExclusions.orgId, [...ancestry]),
        isNull(programmeExclusions.liftedAt),
      ),
    )
    .orderBy(asc(programmeExclusions.until));
  return {
    // `until` is the first day the exclusion no longer runs.
    inForce: rows.filter((r) => r.until > calendarDayIn(now, r.timezone)),
    seen: rows.map((r) => r.id),
  };
}
