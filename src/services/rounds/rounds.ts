/**
 * Prelim seating of a session (rules 1.1.6, 1.1.7, 1.1.5): generated games 1–3, hand-made
 * games, and game 4 of an 80+ session after the zero-win cut; regeneration of the last round.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Batch } from "../../db/client";
import { commitChecked, rankingInputsUnchanged } from "../../db/preconditions";
import { registrations, rounds } from "../../db/schema";
import { reseatRound } from "../../domain/reseat";
import { generateNextRound, generateSchedule, type Round, validateRound } from "../../domain/schedule";
import { zeroWinCut } from "../../domain/snake";
import { sessionGameCount } from "../../domain/structure";
import { splitTables } from "../../domain/tables";
import { canReadEvent, type ScopedEvent } from "../access";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import {
  bumpRankingsVersion,
  loadSessionScope,
  noShowStatements,
  playersOfGame,
  sessionAudit,
  usesCheckIn,
  writableSession,
} from "../events";
import { rankSession } from "../standings";
import { loadSessionState, type SessionState } from "./drops";
import {
  conflict,
  loadRounds,
  type RoundDto,
  randomSeed,
  readableRound,
  roundDto,
  sessionRoundDtos,
  toIdRound,
  unfinishedTables,
  writableRound,
} from "./read";
import {
  commitSeating,
  type NewRound,
  rankingInputsChanged,
  roundStatements,
  seatRanked,
  snakeTables,
} from "./write";

/** Generated prelim games of every session; an 80+ session adds a snake-seated game 4. */
const GENERATED_GAMES = 3;

interface CreateRoundsInput {
  /** Seed of the generated seating (random when absent); stored with the round. */
  seed?: string;
  /** "all": every remaining game of 1–3 at once. */
  plan?: "all";
  /** A hand-made seating: each table's player ids in turn order. */
  tables?: string[][];
}

/**
 * POST /v1/sessions/{id}/rounds. Refused while an earlier game has a table without a final
 * result (409), when every game is seated (409), when the playoffs are already seated (409),
 * and when the players cannot be split into tables of 3 and 4 (422, rule 1.1.7).
 */
export async function createRounds(
  ctx: ServiceContext,
  sessionId: string,
  input: CreateRoundsInput,
): Promise<{ data: RoundDto[]; nextCursor: null }> {
  const { session, event } = await writableSession(ctx, sessionId, "seating:write");
  if (input.tables && (input.plan || input.seed)) {
    throw new ServiceError(
      "invalid",
      "seating_mode_conflict",
      "Send either `tables` (a hand-made seating) or `seed`/`plan` (a generated one), not both.",
      { issues: [{ path: "tables", message: "not allowed with seed or plan" }] },
    );
  }
  // Everything seating may need, in one wave of reads (round trips sent together).
  const [state, [playoff]] = await Promise.all([
    loadSessionState(ctx, event.id, sessionId),
    ctx.db
      .select({ kind: rounds.kind })
      .from(rounds)
      .where(and(eq(rounds.eventId, event.id), ne(rounds.kind, "prelim")))
      .limit(1),
  ]);
  const { attendance, loaded: previous } = state;
  // Prelims are seated before the playoffs, one game after another's tables are all final.
  if (playoff) {
    throw conflict(
      "prelims_closed",
      `The event's ${playoff.kind} is already seated: no more prelim games can be seated.`,
    );
  }
  const unfinished = unfinishedTables(previous);
  if (unfinished.length > 0) {
    throw conflict(
      "previous_round_unfinished",
      `The next game is seated once every table of the previous games has a final result; still open: ${unfinished.join(", ")}.`,
    );
  }
  // No-shows (and, before game 1 with check-in, those not checked in) are not participants.
  const checkIn = previous.length === 0 && usesCheckIn(attendance);
  const participants = attendance.filter((a) => !a.noShow && !(checkIn && !a.checkedIn)).length;
  const gameCount = sessionGameCount(participants, event.ruleset);
  if (previous.length >= GENERATED_GAMES) {
    if (gameCount === 4 && previous.length === GENERATED_GAMES) {
      return {
        data: [await seatGameFour(ctx, event, sessionId, input, attendance)],
        nextCursor: null,
      };
    }
    throw conflict(
      "no_more_games",
      `All ${gameCount} prelim games of this session are seated (rule 1.1.5: ${gameCount} games for ${participants} players).`,
      "1.1.5",
    );
  }
  const playerIds = playersOfGame(attendance, previous.length + 1, state.disqualified);
  splitTables(playerIds.length); // 422 rule 1.1.7 for 0, 1, 2 or 5 players

  const seating = seatGames(input, state, playerIds);
  const created = seating.seated.map((round, i) =>
    roundStatements(ctx, event, {
      sessionId: session.id,
      kind: "prelim",
      number: previous.length + i + 1,
      method: seating.method,
      seed: seating.seed,
      tables: round.map((table) => table.map((playerId) => ({ playerId, seedRank: null }))),
    }),
  );
  // Seated from the attendance read after the event: a drop, check-in, registration or
  // disqualification committed since would leave this seating wrong.
  const statements: Batch = [rankingInputsUnchanged(ctx.db, event), ...created.flatMap((c) => c.statements)];
  if (checkIn) statements.push(...noShowStatements(ctx, event, sessionId, attendance));
  await commitSeating(ctx, statements);
  const all = await sessionRoundDtos(ctx, event.id, sessionId);
  const ids = new Set(created.map((c) => c.roundId));
  return { data: all.filter((r) => ids.has(r.id)), nextCursor: null };
}

/** The hand-made seating as sent, or the next game (or every remaining one) generated from a seed. */
function seatGames(
  input: CreateRoundsInput,
  state: SessionState,
  playerIds: string[],
): { seated: Round[]; method: NewRound["method"]; seed: string | null } {
  if (input.tables) {
    validateRound(input.tables, playerIds);
    return { seated: [input.tables], method: "manual", seed: null };
  }
  const seed = input.seed ?? randomSeed();
  const previousRounds = state.loaded.map(toIdRound);
  const schedule = { playerIds, rounds: GENERATED_GAMES, previousRounds, avoidPairs: state.avoidPairs, seed };
  const generated = input.plan === "all" ? generateSchedule(schedule) : [generateNextRound(schedule)];
  return { seated: withoutDropped(generated, previousRounds, state), method: "generated", seed };
}

/** Games after an announced drop are seated without the player (re-seated, keeping the rest). */
function withoutDropped(generated: Round[], previousRounds: Round[], state: SessionState): Round[] {
  const fixed: Round[] = [];
  generated.forEach((round, i) => {
    const eligible = playersOfGame(state.attendance, state.loaded.length + i + 1, state.disqualified);
    const stale = round.some((table) => table.some((p) => !eligible.includes(p)));
    const history = [...previousRounds, ...fixed];
    fixed.push(
      stale ? reseatRound({ round, playerIds: eligible, history, avoidPairs: state.avoidPairs }) : round,
    );
  });
  return fixed;
}

/**
 * Game 4 of an 80+ session (rule 1.1.5): players without a win over games 1–3 are eliminated,
 * the rest are snake-seated by the session standings (rule 1.1.7), each table listed by rank
 * (players pick turn order by rank, best first). The cut and the seating commit together.
 */
async function seatGameFour(
  ctx: ServiceContext,
  event: ScopedEvent,
  sessionId: string,
  input: CreateRoundsInput,
  attendance: SessionState["attendance"],
): Promise<RoundDto> {
  if (input.tables || input.plan) {
    throw new ServiceError(
      "invalid",
      "snake_seating_required",
      "Game 4 of an 80+ session is snake-seated by the standings after the zero-win cut (rule 1.1.5); send an empty body.",
      {
        rule: "1.1.5",
        issues: [{ path: input.tables ? "tables" : "plan", message: "not allowed for game 4" }],
      },
    );
  }
  const standings = await rankSession(ctx, event, sessionId);
  // Players who dropped out before game 4 are neither cut nor seated.
  const playing = new Set(playersOfGame(attendance, GENERATED_GAMES + 1));
  const { advancing, eliminated } = zeroWinCut(
    standings.rows
      .filter((row) => playing.has(row.record.playerId))
      .map((row) => ({ row, wins: row.record.wins })),
  );
  const eliminatedIds = eliminated.map(({ row }) => row.record.playerId);
  return seatRanked(
    ctx,
    event,
    {
      sessionId,
      kind: "prelim",
      number: GENERATED_GAMES + 1,
      method: "snake",
      seed: null,
      tables: snakeTables(advancing.map(({ row }) => row)),
    },
    eliminatedIds.length === 0
      ? []
      : [
          ctx.db
            .update(registrations)
            .set({ eliminatedAt: ctx.clock().toISOString() })
            .where(
              and(eq(registrations.sessionId, sessionId), inArray(registrations.playerId, eliminatedIds)),
            ),
          sessionAudit(ctx, event, sessionId, {
            action: "session.zero-win-cut",
            after: { eliminated: eliminatedIds },
          }),
        ],
  );
}

export async function listSessionRounds(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{ data: RoundDto[]; nextCursor: null }> {
  const { session, event } = await loadSessionScope(ctx, sessionId);
  if (!canReadEvent(ctx.actor, event)) throw notFound("session", sessionId);
  return { data: await sessionRoundDtos(ctx, session.eventId, sessionId), nextCursor: null };
}

export async function getRound(ctx: ServiceContext, roundId: string): Promise<RoundDto> {
  const { round } = await readableRound(ctx, roundId);
  return roundDto(ctx, round);
}

/**
 * Regeneration: removes a round so it can be seated again, only while none of its tables has a
 * result or a disqualification, and only the last round (of its session, or the final before
 * the semifinals). Removing game 4 also lifts the zero-win cut it applied.
 */
export async function deleteRound(ctx: ServiceContext, roundId: string): Promise<void> {
  const { round, event } = await writableRound(ctx, roundId, "seating:write");
  const [[loaded], later] = await Promise.all([
    loadRounds(ctx, eq(rounds.id, roundId)),
    ctx.db
      .select({ id: rounds.id, kind: rounds.kind, number: rounds.number })
      .from(rounds)
      .where(
        round.kind === "prelim"
          ? and(eq(rounds.sessionId, round.sessionId!), eq(rounds.kind, "prelim"))
          : and(eq(rounds.eventId, round.eventId), ne(rounds.kind, "prelim")),
      ),
  ]);
  const isLater = (r: (typeof later)[number]) =>
    round.kind === "prelim" ? r.number > round.number : round.kind === "semifinal" && r.kind === "final";
  if (later.some(isLater)) {
    throw conflict(
      "not_last_round",
      "Only the last seated round can be removed; remove the rounds seated after it first.",
    );
  }
  const tables = loaded?.tables ?? [];
  if (tables.some((t) => t.result)) {
    throw conflict(
      "round_has_results",
      "A result exists for a table of this round: its seating can no longer be regenerated.",
    );
  }
  if (tables.some((t) => t.disqualified.length > 0)) {
    throw conflict(
      "round_has_disqualifications",
      "A player was disqualified at a table of this round: the seating is kept with the disqualification.",
      "1.3.6",
    );
  }
  const statements: Batch = [
    // A sheet or a disqualification committed since the read would go with the round.
    rankingInputsUnchanged(ctx.db, event),
    ctx.db.delete(rounds).where(eq(rounds.id, roundId)),
    auditInsert(ctx, {
      orgId: event.orgId,
      eventId: event.id,
      action: "round.delete",
      entityType: "round",
      entityId: roundId,
      before: {
        sessionId: round.sessionId,
        kind: round.kind,
        number: round.number,
        method: round.method,
        seed: round.seed,
        tables: tables.map((t) => t.seats.map((s) => s.playerId)),
      },
    }),
  ];
  if (round.kind === "prelim" && round.sessionId) {
    const registered = eq(registrations.sessionId, round.sessionId);
    // Seated again, game 1 records its no-shows again (a late arrival may have checked in).
    if (round.number === 1) {
      statements.push(
        ctx.db.update(registrations).set({ noShowAt: null }).where(registered),
        ...bumpRankingsVersion(ctx, event, round.sessionId),
      );
    }
    // Game 4 applied the zero-win cut; without it, nobody is eliminated yet.
    if (round.method === "snake") {
      statements.push(ctx.db.update(registrations).set({ eliminatedAt: null }).where(registered));
    }
  }
  await commitChecked(ctx.db, statements, rankingInputsChanged);
}
