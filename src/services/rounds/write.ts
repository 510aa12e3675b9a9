import type { Batch } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import { newId } from "../../db/ids";
import { commitChecked, rankingInputsUnchanged } from "../../db/preconditions";
import { gameTables, rounds, seats } from "../../db/schema";
import { snakeSeating } from "../../domain/snake";
import type { ScopedEvent } from "../access";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { outboxStatements } from "../outbox";
import { type RoundDto, type RoundRow, roundDto } from "./read";
import { newSeatCode } from "./seat-codes";

export interface NewSeat {
  playerId: string;
  /** The rank that put the player here (snake seating); null for generated and hand-made games. */
  seedRank: number | null;
}

/** A round to seat: its row's own fields, and each table's players in turn order (position = index + 1). */
export type NewRound = Pick<RoundRow, "sessionId" | "kind" | "number" | "method" | "seed"> & {
  tables: readonly (readonly NewSeat[])[];
};

/** Inserts of one round, its tables and seats, plus the audit row: to go in one batch. */
export function roundStatements(ctx: ServiceContext, event: ScopedEvent, input: NewRound) {
  const now = ctx.clock();
  const createdAt = now.toISOString();
  const roundId = newId("rnd", now.getTime());
  const tableIds = input.tables.map(() => newId("tbl", now.getTime()));
  const seating = input.tables.map((table) => table.map((s) => s.playerId));
  // Each column named: a wider object passed as the input cannot write (or replace the id) unseen.
  const { sessionId, kind, number, method, seed } = input;
  const round: RoundRow = {
    id: roundId,
    eventId: event.id,
    sessionId,
    kind,
    number,
    method,
    seed,
    createdAt,
  };
  const statements: Batch = [
    ctx.db.insert(rounds).values(round),
    ctx.db.insert(gameTables).values(tableIds.map((id, t) => ({ id, roundId, number: t + 1, createdAt }))),
    ctx.db.insert(seats).values(seatRows(roundId, tableIds, input.tables)),
    auditInsert(ctx, {
      orgId: event.orgId,
      eventId: event.id,
      action: "round.create",
      entityType: "round",
      entityId: roundId,
      after: { ...input, tables: seating },
    }),
    ...roundSeatedStatements(ctx, event, round, tableIds, seating),
  ];
  return { roundId, round, statements };
}

/** The seat rows of a round's tables (table t is `tableIds[t]`), each with a new confirmation code. */
export function seatRows(roundId: string, tableIds: readonly string[], tables: NewRound["tables"]) {
  return tables.flatMap((table, t) =>
    table.map((seat, p) => ({
      tableId: tableIds[t]!,
      roundId,
      playerId: seat.playerId,
      position: p + 1,
      seedRank: seat.seedRank,
      confirmationCode: newSeatCode(),
    })),
  );
}

/** The 409 of a batch whose `rankingInputsUnchanged` no longer held: nothing was changed. */
export const rankingInputsChanged = () =>
  new ServiceError(
    "conflict",
    "ranking_inputs_changed",
    "A result, correction, disqualification or registration was committed while this change was computed from the event, so nothing was changed; send it again to act on the event as it is now.",
  );

/**
 * Runs a batch that changes seatings. A batch computed from the event as read starts with
 * `rankingInputsUnchanged`: a result, correction, disqualification or registration committed
 * since makes it a 409 that changed nothing. A uniqueness violation means someone seated the same
 * round a moment earlier (the partial unique indexes on rounds): a 409 too, not a 500.
 */
export async function commitSeating(ctx: ServiceContext, statements: Batch): Promise<void> {
  try {
    await commitChecked(ctx.db, statements, rankingInputsChanged);
  } catch (error) {
    if (isConstraintError(error)) {
      throw new ServiceError(
        "conflict",
        "concurrent_seating",
        "This round was seated by another request a moment ago; re-read the rounds before seating again.",
      );
    }
    throw error;
  }
}

/**
 * Seats a round ranked from the standings this request read, with `extra` statements: the batch
 * commits only if no result, correction or registration committed since the event row was read
 * (before the standings were).
 */
export async function seatRanked(
  ctx: ServiceContext,
  event: ScopedEvent,
  input: NewRound,
  extra: Batch[number][] = [],
): Promise<RoundDto> {
  const { round, statements } = roundStatements(ctx, event, input);
  await commitSeating(ctx, [rankingInputsUnchanged(ctx.db, event), ...statements, ...extra]);
  return roundDto(ctx, round);
}

/** Snake-seated tables of ranked rows (rule 1.1.7), each listed by rank: seedRank is that rank. */
export function snakeTables(
  rows: readonly { rank: number; record: { playerId: string } }[],
  tableCount?: number,
): NewSeat[][] {
  return snakeSeating(rows, tableCount).map((table) =>
    table.map((row) => ({ playerId: row.record.playerId, seedRank: row.rank })),
  );
}

/**
 * `round.seated` (`playoffs.seated` for playoff rounds) for a round's seating, to go in the
 * batch that writes it: when the round is created, and when a drop re-seats it.
 */
export function roundSeatedStatements(
  ctx: ServiceContext,
  event: ScopedEvent,
  round: Pick<RoundRow, "id" | "sessionId" | "kind" | "number" | "method">,
  tableIds: readonly string[],
  seating: readonly (readonly string[])[],
) {
  return outboxStatements(ctx, {
    type: round.kind === "prelim" ? "round.seated" : "playoffs.seated",
    orgId: event.orgId,
    ancestry: event.ancestry,
    eventId: event.id,
    data: {
      eventId: event.id,
      sessionId: round.sessionId,
      roundId: round.id,
      kind: round.kind,
      number: round.number,
      method: round.method,
      tables: seating.map((playerIds, t) => ({
        tableId: tableIds[t]!,
        number: t + 1,
        seats: playerIds.map((playerId, p) => ({ position: p + 1, playerId })),
      })),
    },
  });
}
