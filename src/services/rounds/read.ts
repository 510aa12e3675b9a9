import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import {
  avoidPairs,
  disqualifications,
  events,
  gameTables,
  players,
  rounds,
  seats,
  sessions,
  tableResults,
} from "../../db/schema";
import { type AvoidPair, evaluateSchedule, type Round } from "../../domain/schedule";
import {
  assertEventWritable,
  canReadEvent,
  type Permission,
  requireClient,
  scopedEventColumns,
  toScopedEvent,
} from "../access";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { type Attendance, loadAttendance } from "../events";
import { randomHex } from "../secrets";

export type RoundRow = typeof rounds.$inferSelect;
export type LoadedRound = Awaited<ReturnType<typeof loadRounds>>[number];

/**
 * Rounds matching `where`, with tables, seats, results and per-table disqualifications, in one
 * round trip (one read batch, the rounds as a subquery) whatever the number of rounds. Prelim
 * rounds come by number, playoffs after.
 */
export async function loadRounds(ctx: ServiceContext, where: SQL | undefined) {
  const ids = ctx.db.select({ id: rounds.id }).from(rounds).where(where);
  const [roundRows, tableRows, seatRows, resultRows, dqRows] = await ctx.db.batch([
    ctx.db
      .select()
      .from(rounds)
      .where(where)
      .orderBy(asc(rounds.sessionId), asc(rounds.number), asc(rounds.id)),
    ctx.db.select().from(gameTables).where(inArray(gameTables.roundId, ids)).orderBy(asc(gameTables.number)),
    ctx.db
      .select({
        tableId: seats.tableId,
        playerId: seats.playerId,
        name: players.name,
        position: seats.position,
        seedRank: seats.seedRank,
        /** Chosen by rank at snake-seated tables (docs/rules.md#choices); null until then. */
        chair: seats.chair,
        colour: seats.colour,
      })
      .from(seats)
      .innerJoin(players, eq(players.id, seats.playerId))
      .where(inArray(seats.roundId, ids))
      .orderBy(asc(seats.position)),
    ctx.db
      .select({
        tableId: tableResults.tableId,
        status: tableResults.status,
        version: tableResults.version,
        winnerId: tableResults.winnerId,
        scores: tableResults.scores,
      })
      .from(tableResults)
      .innerJoin(gameTables, eq(gameTables.id, tableResults.tableId))
      .where(inArray(gameTables.roundId, ids)),
    ctx.db
      .select({ tableId: disqualifications.tableId, playerId: disqualifications.playerId })
      .from(disqualifications)
      .innerJoin(gameTables, eq(gameTables.id, disqualifications.tableId))
      .where(inArray(gameTables.roundId, ids)),
  ]);
  const tables = tableRows.map((t) => ({
    id: t.id,
    roundId: t.roundId,
    number: t.number,
    /** In turn order (position 1 first). */
    seats: [] as Omit<(typeof seatRows)[number], "tableId">[],
    result: null as Omit<(typeof resultRows)[number], "tableId"> | null,
    /** Players disqualified at this very table (rule 1.3.6); what scoring the table needs. */
    disqualified: [] as string[],
  }));
  const byId = new Map(tables.map((t) => [t.id, t]));
  for (const { tableId, ...seat } of seatRows) byId.get(tableId)?.seats.push(seat);
  for (const { tableId, ...result } of resultRows) {
    const table = byId.get(tableId);
    if (table) table.result = result;
  }
  for (const dq of dqRows) byId.get(dq.tableId)?.disqualified.push(dq.playerId);
  const byRound = new Map(roundRows.map((round) => [round.id, { round, tables: [] as typeof tables }]));
  for (const table of tables) byRound.get(table.roundId)?.tables.push(table);
  const kindOrder = { prelim: 0, semifinal: 1, final: 2 } as const;
  return [...byRound.values()].sort((a, b) => kindOrder[a.round.kind] - kindOrder[b.round.kind]);
}

/** Player ids of each table in turn order: the shape the schedule functions take. */
export function toIdRound(loaded: LoadedRound): Round {
  return loaded.tables.map((t) => t.seats.map((s) => s.playerId));
}

export async function loadAvoidPairs(ctx: ServiceContext, eventId: string): Promise<AvoidPair[]> {
  const rows = await ctx.db
    .select({ a: avoidPairs.playerA, b: avoidPairs.playerB })
    .from(avoidPairs)
    .where(eq(avoidPairs.eventId, eventId));
  return rows.map((r) => [r.a, r.b] as const);
}

/** Each disqualified player of the event and the table where it was recorded (docs/rules.md#people-and-results). */
export async function eventDisqualifications(ctx: ServiceContext, eventId: string) {
  const rows = await ctx.db
    .select({ playerId: disqualifications.playerId, tableId: disqualifications.tableId })
    .from(disqualifications)
    .where(eq(disqualifications.eventId, eventId));
  return new Map(rows.map((r) => [r.playerId, { tableId: r.tableId }]));
}

/**
 * Rounds as the API shows them. A prelim round's quality covers the session's games up to and
 * including it (repeats only exist across games); a playoff round's quality is its own. With the
 * session's attendance, a prelim round counts its no-shows and the players dropped before it.
 */
function toRoundDtos(
  loaded: readonly LoadedRound[],
  avoid: readonly AvoidPair[],
  attendance?: readonly Attendance[],
) {
  return loaded.map((l) => {
    const { round } = l;
    const prelim = round.kind === "prelim";
    const history = prelim
      ? loaded.filter(
          (p) =>
            p.round.kind === "prelim" &&
            p.round.sessionId === round.sessionId &&
            p.round.number <= round.number,
        )
      : [l];
    return {
      id: round.id,
      eventId: round.eventId,
      sessionId: round.sessionId,
      kind: round.kind,
      number: round.number,
      method: round.method,
      seed: round.seed,
      tables: l.tables.map((t) => ({
        id: t.id,
        number: t.number,
        seats: t.seats.map((s) => ({
          position: s.position,
          seedRank: s.seedRank,
          chair: s.chair,
          colour: s.colour,
          player: { id: s.playerId, name: s.name },
        })),
        result: t.result ? { status: t.result.status, version: t.result.version } : null,
      })),
      quality: {
        ...evaluateSchedule(history.map(toIdRound), avoid),
        playersSeated: l.tables.reduce((n, t) => n + t.seats.length, 0),
        ...(attendance && prelim
          ? {
              noShows: attendance.filter((a) => a.noShow).length,
              dropped: attendance.filter(
                (a) => a.droppedAfterGame !== null && a.droppedAfterGame < round.number,
              ).length,
            }
          : undefined),
      },
      createdAt: round.createdAt,
    };
  });
}
export type RoundDto = ReturnType<typeof toRoundDtos>[number];

/** Every round of a session, numbered, with the cumulative quality of the seating. */
export async function sessionRoundDtos(ctx: ServiceContext, eventId: string, sessionId: string) {
  const [loaded, avoid, attendance] = await Promise.all([
    loadRounds(ctx, and(eq(rounds.sessionId, sessionId), eq(rounds.kind, "prelim"))),
    loadAvoidPairs(ctx, eventId),
    loadAttendance(ctx, sessionId),
  ]);
  return toRoundDtos(loaded, avoid, attendance);
}

/** One round with the quality it is shown with everywhere (prelims: the session up to it). */
export async function roundDto(ctx: ServiceContext, round: RoundRow): Promise<RoundDto> {
  if (round.kind === "prelim" && round.sessionId) {
    const all = await sessionRoundDtos(ctx, round.eventId, round.sessionId);
    const found = all.find((r) => r.id === round.id);
    if (found) return found;
  }
  const [loaded, avoid] = await Promise.all([
    loadRounds(ctx, eq(rounds.id, round.id)),
    loadAvoidPairs(ctx, round.eventId),
  ]);
  const dto = toRoundDtos(loaded, avoid)[0];
  if (!dto) throw notFound("round", round.id);
  return dto;
}

/** A round with its event (and the event's org ancestry) for authorisation, in one query. */
async function loadRoundScope(ctx: ServiceContext, roundId: string, write = false) {
  const [row] = await ctx.db
    .select({ round: rounds, hostOrgId: sessions.hostOrgId, ...scopedEventColumns })
    .from(rounds)
    .innerJoin(events, eq(events.id, rounds.eventId))
    .leftJoin(sessions, eq(sessions.id, rounds.sessionId))
    .where(eq(rounds.id, roundId));
  if (!row) {
    if (write) requireClient(ctx.actor); // writes answer 401 before anything else
    throw notFound("round", roundId);
  }
  return { round: row.round, event: toScopedEvent(row), hostOrgId: row.hostOrgId };
}

/** A round the caller may read: private events of other organisations are a 404, as unknown ids. */
export async function readableRound(ctx: ServiceContext, roundId: string) {
  const { round, event } = await loadRoundScope(ctx, roundId);
  if (!canReadEvent(ctx.actor, event)) throw notFound("round", roundId);
  return { round, event };
}

/**
 * A round the caller may change: 401 without a token, 404 for other organisations, 403 without
 * the role. A prelim round belongs to its session (its host may change it); playoffs to the event.
 */
export async function writableRound(ctx: ServiceContext, roundId: string, permission: Permission) {
  const { round, event, hostOrgId } = await loadRoundScope(ctx, roundId, true);
  const session = round.sessionId ? { id: round.sessionId, hostOrgId } : undefined;
  try {
    return { round, ...assertEventWritable(ctx.actor, event, round.eventId, permission, session) };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === "not_found") throw notFound("round", roundId);
    throw error;
  }
}

export const conflict = (code: string, message: string, rule?: string) =>
  new ServiceError("conflict", code, message, rule ? { rule } : {});

/** The tables of these rounds still without a final result, as "game N table M". */
export function unfinishedTables(loaded: readonly LoadedRound[]): string[] {
  return loaded.flatMap((l) =>
    l.tables
      .filter((t) => t.result?.status !== "final")
      .map((t) => `game ${l.round.number} table ${t.number}`),
  );
}

/** A random seed for seating and boards when the organiser gives none; stored, so it is reproducible. */
export const randomSeed = () => randomHex(8);
