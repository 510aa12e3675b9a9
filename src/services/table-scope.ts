import { and, asc, eq } from "drizzle-orm";
import {
  disqualifications,
  events,
  gameTables,
  players,
  resultConfirmations,
  rounds,
  seats,
  tableResults,
} from "../db/schema";
import type { Permission } from "./access";
import type { ServiceContext } from "./context";
import { notFound, ServiceError } from "./errors";
import {
  assertEventReadable,
  assertEventWritable,
  type ScopedEvent,
  scopedEventColumns,
  toScopedEvent,
} from "./event-access";

export interface TableScope {
  table: typeof gameTables.$inferSelect;
  round: typeof rounds.$inferSelect;
  event: ScopedEvent;
  seats: {
    playerId: string;
    name: string;
    position: number;
    seedRank: number | null;
    vp: number | null;
    placement: number | null;
  }[];
  result: typeof tableResults.$inferSelect | undefined;
  confirmedBy: string[];
  /** Players of this table disqualified from the event (rule 1.3.6). */
  disqualified: string[];
}

/** Everything about one table, its round and its event, in a single batched round trip. */
export async function loadTableScope(ctx: ServiceContext, tableId: string): Promise<TableScope | undefined> {
  const [head, seatRows, resultRows, confirmationRows, dqRows] = await ctx.db.batch([
    ctx.db
      .select({ table: gameTables, round: rounds, ...scopedEventColumns })
      .from(gameTables)
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .innerJoin(events, eq(events.id, rounds.eventId))
      .where(eq(gameTables.id, tableId)),
    ctx.db
      .select({
        playerId: seats.playerId,
        name: players.name,
        position: seats.position,
        seedRank: seats.seedRank,
        vp: seats.vp,
        placement: seats.placement,
      })
      .from(seats)
      .innerJoin(players, eq(players.id, seats.playerId))
      .where(eq(seats.tableId, tableId))
      .orderBy(asc(seats.position)),
    ctx.db.select().from(tableResults).where(eq(tableResults.tableId, tableId)),
    ctx.db
      .select({ playerId: resultConfirmations.playerId })
      .from(resultConfirmations)
      .where(eq(resultConfirmations.tableId, tableId)),
    ctx.db
      .select({ playerId: disqualifications.playerId })
      .from(disqualifications)
      .innerJoin(seats, and(eq(seats.tableId, tableId), eq(seats.playerId, disqualifications.playerId)))
      .innerJoin(gameTables, eq(gameTables.id, seats.tableId))
      .innerJoin(
        rounds,
        and(eq(rounds.id, gameTables.roundId), eq(rounds.eventId, disqualifications.eventId)),
      ),
  ]);
  const row = head[0];
  if (!row) return undefined;
  return {
    table: row.table,
    round: row.round,
    event: toScopedEvent(row),
    seats: seatRows,
    result: resultRows[0],
    confirmedBy: confirmationRows.map((c) => c.playerId),
    disqualified: dqRows.map((d) => d.playerId),
  };
}

export async function readableTable(ctx: ServiceContext, tableId: string): Promise<TableScope> {
  const scope = await loadTableScope(ctx, tableId);
  if (!scope) throw notFound("table", tableId);
  try {
    assertEventReadable(ctx.actor, scope.event, scope.event.id);
  } catch {
    throw notFound("table", tableId);
  }
  return scope;
}

export async function writableTable(ctx: ServiceContext, tableId: string, permission: Permission) {
  const scope = await loadTableScope(ctx, tableId);
  try {
    const { actor } = assertEventWritable(ctx.actor, scope?.event, scope?.event.id ?? tableId, permission);
    return { scope: scope!, actor };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === "not_found") throw notFound("table", tableId);
    throw error;
  }
}
