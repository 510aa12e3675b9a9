/**
 * Every final game of an organisation tree in time order, in ONE batch: the tables with their
 * event and round, the seats in turn order with names, and the tree's disqualifications. The
 * placements come from the same scoring as the standings (`scoreStoredGame`).
 */
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import {
  disqualifications,
  events,
  gameTables,
  players,
  rounds,
  seats,
  sessions,
  tableResults,
} from "../../db/schema";
import { inOrgTree } from "../../db/tree";
import type { ServiceContext } from "../context";
import { scoreStoredGame } from "../standings";

export type RatingView = "all" | "public";

/**
 * Time order: the event's start date (its creation date when it has none), creation, id; then
 * prelims by session date and round number, the semifinals, the final; then table number.
 */
const eventDay = sql`coalesce(${events.startsOn}, substr(${events.createdAt}, 1, 10))`;
const phase = sql`case ${rounds.kind} when 'prelim' then 0 when 'semifinal' then 1 else 2 end`;

function scopeWhere(orgId: string, view: RatingView): SQL | undefined {
  return and(inOrgTree(events.orgId, orgId), view === "public" ? eq(events.visibility, "public") : undefined);
}

/** The final tables in time order, their seats in turn order, and the disqualifications: one batch. */
function ratingQueries(ctx: ServiceContext, orgId: string, view: RatingView) {
  const where = and(scopeWhere(orgId, view), eq(tableResults.status, "final"));
  return [
    ctx.db
      .select({
        tableId: tableResults.tableId,
        eventId: events.id,
        eventName: events.name,
        startsOn: events.startsOn,
        ruleset: events.ruleset,
        winnerId: tableResults.winnerId,
        scores: tableResults.scores,
      })
      .from(tableResults)
      .innerJoin(gameTables, eq(gameTables.id, tableResults.tableId))
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .innerJoin(events, eq(events.id, rounds.eventId))
      .leftJoin(sessions, eq(sessions.id, rounds.sessionId))
      .where(where)
      .orderBy(
        eventDay,
        asc(events.createdAt),
        asc(events.id),
        phase,
        asc(sessions.date),
        asc(rounds.sessionId),
        asc(rounds.number),
        asc(gameTables.number),
      ),
    ctx.db
      .select({ tableId: seats.tableId, playerId: seats.playerId, name: players.name })
      .from(seats)
      .innerJoin(players, eq(players.id, seats.playerId))
      .innerJoin(tableResults, eq(tableResults.tableId, seats.tableId))
      .innerJoin(events, eq(events.id, tableResults.eventId))
      .where(where)
      .orderBy(asc(seats.tableId), asc(seats.position)),
    ctx.db
      .select({
        eventId: disqualifications.eventId,
        playerId: disqualifications.playerId,
        tableId: disqualifications.tableId,
      })
      .from(disqualifications)
      .innerJoin(events, eq(events.id, disqualifications.eventId))
      .where(scopeWhere(orgId, view)),
  ] as const;
}

export async function loadRatingGames(ctx: ServiceContext, orgId: string, view: RatingView) {
  const [tableRows, seatRows, dqRows] = await ctx.db.batch(ratingQueries(ctx, orgId, view));
  const names = new Map<string, string>();
  const seatsByTable = new Map<string, string[]>();
  for (const seat of seatRows) {
    names.set(seat.playerId, seat.name);
    const list = seatsByTable.get(seat.tableId);
    if (list) list.push(seat.playerId);
    else seatsByTable.set(seat.tableId, [seat.playerId]);
  }
  // Where each disqualification was recorded: only that table places the player last (docs/rules.md#people-and-results).
  const dqByEvent = new Map<string, Map<string, { tableId: string }>>();
  for (const dq of dqRows) {
    const byPlayer = dqByEvent.get(dq.eventId) ?? new Map<string, { tableId: string }>();
    byPlayer.set(dq.playerId, { tableId: dq.tableId });
    dqByEvent.set(dq.eventId, byPlayer);
  }
  // What a rating row shows of an event.
  const eventsById = new Map(tableRows.map((t) => [t.eventId, { eventName: t.eventName, date: t.startsOn }]));
  const games = tableRows.map((t) => {
    const scored = scoreStoredGame(
      t.ruleset,
      {
        tableId: t.tableId,
        winnerId: t.winnerId,
        scores: t.scores,
        seatPlayerIds: seatsByTable.get(t.tableId) ?? [],
      },
      dqByEvent.get(t.eventId) ?? new Map(),
    );
    return {
      tableId: t.tableId,
      eventId: t.eventId,
      placements: scored.seats.map((s) => ({ playerId: s.playerId, placement: s.placement })),
    };
  });
  return { games, names, events: eventsById };
}
