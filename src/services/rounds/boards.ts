/**
 * The board of a round (rule 2.0.1, docs/rules.md#boards): one per round, shared by all its tables,
 * never one already played in the event; random from a seed, or built by the organiser and
 * checked for legality.
 */
import { eq, sql } from "drizzle-orm";
import { isConstraintError } from "../../db/errors";
import { commitChecked, precondition } from "../../db/preconditions";
import { boards, rounds } from "../../db/schema";
import { type BoardHex, boardKey, generateBoard, validateBoard } from "../../domain/board";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { randomSeed, readableRound, writableRound } from "./read";

interface CreateBoardInput {
  /** Random board from this seed (a random seed when neither seed nor hexes is given). */
  seed?: string;
  /** A built board: 19 hexes. */
  hexes?: unknown[];
}

type BoardRow = typeof boards.$inferSelect;

function toBoardDto(row: BoardRow) {
  return {
    roundId: row.roundId,
    kind: row.kind,
    seed: row.seed,
    hexes: row.hexes as BoardHex[],
    createdAt: row.createdAt,
  };
}
type BoardDto = ReturnType<typeof toBoardDto>;

const boardExists = (roundId: string) =>
  new ServiceError(
    "conflict",
    "board_exists",
    `Round ${roundId} already has its board; every table of the round plays that one (rule 2.0.1).`,
    { rule: "2.0.1" },
  );

/** A random board's retries before giving up: each differs from the used boards with p ≈ 1. */
const MAX_SEED_RETRIES = 50;

export async function createBoard(
  ctx: ServiceContext,
  roundId: string,
  input: CreateBoardInput,
): Promise<BoardDto> {
  const { round, event } = await writableRound(ctx, roundId, "seating:write");
  if (input.seed !== undefined && input.hexes !== undefined) {
    throw new ServiceError(
      "invalid",
      "board_mode_conflict",
      "Send `seed` for a random board or `hexes` for a built one, not both.",
      { issues: [{ path: "hexes", message: "not allowed with seed" }] },
    );
  }
  // The event's boards: this round's own is refused, and the others are used, every session's
  // prelim games', the semifinals' and the final's (rule 2.0.1, docs/rules.md#boards: one player
  // may meet any of them again, in another session or in the playoffs).
  const usedRows = await ctx.db
    .select({ roundId: boards.roundId, hexes: boards.hexes })
    .from(boards)
    .innerJoin(rounds, eq(rounds.id, boards.roundId))
    .where(eq(rounds.eventId, round.eventId));
  if (usedRows.some((r) => r.roundId === roundId)) throw boardExists(roundId);
  const used = new Map(usedRows.map((r) => [boardKey(r.hexes as BoardHex[]), r.roundId]));

  let kind: BoardRow["kind"] = "random";
  let seed: string | null = null;
  let hexes: BoardHex[];
  if (input.hexes !== undefined) {
    const board = { hexes: input.hexes };
    validateBoard(board); // 422 naming rule 2.0.1 and every illegal hex
    kind = "built";
    hexes = board.hexes.map(({ q, r, terrain, number }) => ({ q, r, terrain, number: number ?? null }));
    const sameAs = used.get(boardKey(hexes));
    if (sameAs) {
      throw new ServiceError(
        "invalid",
        "board_already_used",
        `This board is the one round ${sameAs} already played; every round gets a new board (rule 2.0.1).`,
        { rule: "2.0.1", issues: [{ path: "hexes", message: `identical to the board of round ${sameAs}` }] },
      );
    }
  } else {
    // A random board whose seed gives a board already used is retried with the derived seeds
    // "<seed>~1", "<seed>~2", …; the seed stored and returned is the one that made this board.
    const base = input.seed ?? randomSeed();
    seed = base;
    hexes = generateBoard(seed).hexes;
    for (let retry = 1; used.has(boardKey(hexes)); retry++) {
      if (retry > MAX_SEED_RETRIES)
        throw new Error(`no new board from seed ${base} in ${MAX_SEED_RETRIES} tries`);
      seed = `${base}~${retry}`;
      hexes = generateBoard(seed).hexes;
    }
  }
  const row = { roundId, kind, seed, hexes, createdAt: ctx.clock().toISOString() };
  try {
    await commitChecked(
      ctx.db,
      [
        // Drawn against the event's boards as read: one made meanwhile could be this one.
        precondition(
          ctx.db,
          `boards of event ${round.eventId}`,
          sql`(select count(*) from ${boards} join ${rounds} on ${eq(rounds.id, boards.roundId)}
          where ${eq(rounds.eventId, round.eventId)}) = ${usedRows.length}`,
        ),
        ctx.db.insert(boards).values(row),
        auditInsert(ctx, {
          orgId: event.orgId,
          eventId: event.id,
          action: "board.create",
          entityType: "round",
          entityId: round.id,
          after: { kind, seed },
        }),
      ],
      () =>
        new ServiceError(
          "conflict",
          "concurrent_update",
          "Another board of the event was made while this one was drawn, so none was stored; send it again to draw one that differs from both.",
        ),
    );
  } catch (error) {
    if (isConstraintError(error)) throw boardExists(roundId);
    throw error;
  }
  return toBoardDto(row);
}

export async function getBoard(ctx: ServiceContext, roundId: string): Promise<BoardDto> {
  await readableRound(ctx, roundId);
  const [row] = await ctx.db.select().from(boards).where(eq(boards.roundId, roundId));
  if (!row) {
    throw new ServiceError(
      "not_found",
      "board_not_found",
      `Round ${roundId} has no board yet; an organiser creates it with POST /v1/rounds/${roundId}/board.`,
    );
  }
  return toBoardDto(row);
}
