import { and, eq, inArray, isNull, min } from "drizzle-orm";
import type { Batch } from "../../db/client";
import { guardRaisedByDatabase, isConstraintError, ruleRaisedByDatabase } from "../../db/errors";
import { newId } from "../../db/ids";
import {
  commitChecked,
  disqualificationsUnchanged,
  noExclusionUnseen,
  rankingInputsUnchanged,
  seatsUnchanged,
} from "../../db/preconditions";
import {
  disqualifications,
  gameTables,
  resultConfirmations,
  resultDisputes,
  resultRevisions,
  rounds,
  seats,
  tableResults,
} from "../../db/schema";
import { summaryOf } from "../../domain/errors";
import { scoreGame } from "../../domain/game-score";
import { actorClientId, type ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { bumpResultsVersion } from "../events";
import { standingsChangedStatements } from "../outbox";
import { rankingInputsChanged, reseatAfterDisqualification } from "../rounds";
import { assertChoicesMade } from "./choices";
import { resultNotifications } from "./notifications";
import { assertPhaseOpen } from "./phase-lock";
import { loadTableScope, seatAt, type TableScope, tableAudit, tableNotice, writableTable } from "./scope";
import { getTable, type TableDto } from "./view";
import { eventWarningsOf, type WarningDto } from "./warnings";

type ResultInput = Pick<typeof tableResults.$inferSelect, "scores" | "winnerId">;

export function resultFinal(what: string, rule = "1.3.5"): ServiceError {
  return new ServiceError(
    "conflict",
    "result_final",
    `The result of this table is final: ${what} is no longer possible. An organiser can correct it with a stated reason (POST …/result/corrections).`,
    { rule },
  );
}

/** 409 once the sheet is final (`what` is the refused change), 412 when If-Match names another version. */
function assertPending(scope: TableScope, what: string, ifMatch: number | undefined): void {
  if (scope.result?.status === "final") throw resultFinal(what);
  assertVersion(scope, ifMatch);
}

/** The pending sheet that confirming, disputing or finalizing acts on, at the version If-Match names. */
export function pendingResult(scope: TableScope, ifMatch: number | undefined, to: string, what: string) {
  const result = scope.result;
  if (!result) throw new ServiceError("conflict", "no_result", `There is no result to ${to} yet.`);
  assertPending(scope, what, ifMatch);
  return result;
}

function assertVersion(scope: TableScope, expected: number | undefined): void {
  if (expected === undefined) return;
  const current = scope.result?.version ?? 0;
  if (current !== expected) {
    throw new ServiceError(
      "precondition_failed",
      "version_mismatch",
      `If-Match names version ${expected} but the result is at version ${current}; re-read the table and retry.`,
    );
  }
}

interface Transition {
  action: (typeof resultRevisions.$inferInsert)["action"];
  /** Who makes the sheet final with this change; null: it is (or stays) pending (the table's check). */
  finalizedBy: (typeof tableResults.$inferSelect)["finalizedBy"];
  /** A new sheet: its scores replace the current ones, so earlier confirmations no longer apply. Absent: the current sheet stays. */
  sheet?: ResultInput;
  reason?: string | null;
  extra?: Batch[number][];
  /** Recorded as the actor instead of the request's client: `player:<id>` for seat-code confirmations. */
  actorId?: string;
}

/**
 * Moves a table's result to its next version in one atomic batch. The (table, version)
 * primary key of result_revisions makes concurrent writers collide: exactly one batch
 * commits, the others fail whole and answer 409.
 */
export async function commitTransition(ctx: ServiceContext, scope: TableScope, t: Transition): Promise<void> {
  const actor = t.actorId ?? actorClientId(ctx);
  const now = ctx.clock().toISOString();
  const previous = scope.result;
  const version = (previous?.version ?? 0) + 1;
  const tableId = scope.table.id;
  // Without a new sheet the transition acts on a pending one (pendingResult has checked it is there).
  const { winnerId, scores } = t.sheet ?? previous!;
  const reason = t.reason ?? null;
  const status: "pending" | "final" = t.finalizedBy ? "final" : "pending";
  const scored = scoreGame({
    ruleset: scope.event.ruleset,
    seatPlayerIds: scope.seats.map((s) => s.playerId),
    scores,
    winnerId,
    // Only a disqualification recorded at this table places the player last
    // (docs/rules.md#disqualification).
    disqualifiedPlayerIds: scope.disqualifiedHere,
  });
  const current = {
    status,
    version,
    winnerId,
    scores,
    finalizedBy: t.finalizedBy,
    submittedByClientId: actor,
    updatedAt: now,
  };
  const seatIds = scope.seats.map((s) => s.playerId);
  const statements: Batch = [
    // The sheet is checked against the seats read: a player merge committed since would leave
    // it naming a player who no longer exists.
    seatsUnchanged(ctx.db, tableId, seatIds),
    // And scored with the disqualifications read: one recorded since would be placed wrongly.
    disqualificationsUnchanged(ctx.db, scope.event.id, seatIds, scope.disqualified.size),
    ctx.db.insert(resultRevisions).values({
      tableId,
      version,
      action: t.action,
      status,
      winnerId,
      scores,
      actorClientId: actor,
      reason,
      createdAt: now,
    }),
    previous
      ? ctx.db
          .update(tableResults)
          .set(current)
          .where(and(eq(tableResults.tableId, tableId), eq(tableResults.version, previous.version)))
      : ctx.db.insert(tableResults).values({ tableId, eventId: scope.event.id, ...current }),
    ...scored.seats.map((seat) =>
      ctx.db
        .update(seats)
        .set({ vp: seat.vp, placement: seat.placement })
        .where(and(eq(seats.tableId, tableId), eq(seats.playerId, seat.playerId))),
    ),
    ...(t.sheet ? [ctx.db.delete(resultConfirmations).where(eq(resultConfirmations.tableId, tableId))] : []),
    bumpResultsVersion(ctx, scope.event.id),
    tableAudit(ctx, scope, {
      action: `result.${t.action}`,
      before: previous
        ? {
            status: previous.status,
            version: previous.version,
            winnerId: previous.winnerId,
            scores: previous.scores,
          }
        : null,
      after: { status, version, winnerId, scores },
      reason,
      actorId: actor,
    }),
    // Open disputes are settled by the change that settles the sheet: a new sheet replaces them,
    // a referee's finalisation decides them (confirmations never finalise a disputed sheet, and a
    // final sheet has none open).
    ...(scope.disputes.length > 0 && (t.sheet || t.finalizedBy)
      ? [
          ctx.db
            .update(resultDisputes)
            .set({ resolvedAt: now, resolution: t.sheet ? "replaced" : "finalized" })
            .where(and(eq(resultDisputes.tableId, tableId), isNull(resultDisputes.resolvedAt))),
        ]
      : []),
    ...(t.extra ?? []),
    // After the version bump: the notifications record the version this batch commits.
    ...resultNotifications(ctx, scope, { ...current, action: t.action, reason }, scored),
  ];
  try {
    await commitChecked(
      ctx.db,
      statements,
      () =>
        new ServiceError(
          "conflict",
          "concurrent_update",
          "The table's seats, or its players' disqualifications or exclusions, changed after this request read them; re-read the table and retry.",
        ),
    );
  } catch (error) {
    // A database guard, rule or key refused the batch: the matching 409.
    if (guardRaisedByDatabase(error) === "phase_locked") {
      throw await lockedSinceRead(ctx, scope, t.action === "correction" ? "a correction" : "this change");
    }
    if (ruleRaisedByDatabase(error) === "1.3.5") throw resultFinal("this change");
    if (isConstraintError(error)) {
      throw new ServiceError(
        "conflict",
        "concurrent_update",
        "Another change to this table's result was committed first; re-read the table and retry.",
      );
    }
    throw error;
  }
}

function sameSheet(a: ResultInput, b: ResultInput): boolean {
  if (a.winnerId !== b.winnerId || a.scores.length !== b.scores.length) return false;
  const byPlayer = new Map(a.scores.map((s) => [s.playerId, s.vp]));
  return b.scores.every((s) => byPlayer.get(s.playerId) === s.vp);
}

/**
 * A player disqualified from the event is never scored or named winner at a table after their
 * disqualification (rule 1.3.6, docs/rules.md#disqualification): any table of the event but the
 * one where it was recorded, the earlier games of that session (played before it) and tables
 * whose sheet was already final when it was recorded (signed sheets do not change).
 */
async function assertNoneDisqualifiedBefore(ctx: ServiceContext, scope: TableScope, sheet: ResultInput) {
  const elsewhere = [...scope.disqualified].filter((id) => !scope.disqualifiedHere.includes(id));
  if (elsewhere.length === 0) return;
  const [dqRows, [signed]] = await ctx.db.batch([
    ctx.db
      .select({
        playerId: disqualifications.playerId,
        createdAt: disqualifications.createdAt,
        kind: rounds.kind,
        sessionId: rounds.sessionId,
        number: rounds.number,
      })
      .from(disqualifications)
      .innerJoin(gameTables, eq(gameTables.id, disqualifications.tableId))
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .where(
        and(eq(disqualifications.eventId, scope.event.id), inArray(disqualifications.playerId, elsewhere)),
      ),
    ctx.db
      .select({ at: min(resultRevisions.createdAt) })
      .from(resultRevisions)
      .where(and(eq(resultRevisions.tableId, scope.table.id), eq(resultRevisions.status, "final"))),
  ]);
  const round = scope.round;
  const issues: { path: string; message: string }[] = [];
  for (const dq of dqRows) {
    const earlierGame =
      round.kind === "prelim" &&
      dq.kind === "prelim" &&
      round.sessionId === dq.sessionId &&
      round.number < dq.number;
    const signedBefore = signed?.at != null && signed.at <= dq.createdAt;
    if (earlierGame || signedBefore) continue;
    const name = scope.seats.find((s) => s.playerId === dq.playerId)?.name ?? dq.playerId;
    if (sheet.winnerId === dq.playerId) {
      issues.push({
        path: "winnerId",
        message: `${name} (${dq.playerId}) is disqualified from this event and can't win a later table (rule 1.3.6)`,
      });
    }
    const i = sheet.scores.findIndex((score) => score.playerId === dq.playerId);
    issues.push({
      path: i >= 0 ? `scores[${i}].playerId` : "scores",
      message: `${name} (${dq.playerId}) was disqualified from this event before this game and can't be scored here (rule 1.3.6); re-seat the game without them (DELETE /v1/rounds/${round.id} while it has no result, then seat it again)`,
    });
  }
  if (issues.length > 0) {
    throw new ServiceError("invalid", "invalid_game_result", summaryOf("Invalid game result", issues), {
      rule: "1.3.6",
      issues,
    });
  }
}

/**
 * An exclusion takes effect at once (docs/rules.md#sanctions): a first sheet of a table that
 * still seats an excluded player (a game in play or seated by rank when the exclusion came) may
 * not score them, unless the referee disqualified them here, which places them last. A sheet
 * already there is a game played: it keeps its course.
 */
function assertNoneExcluded(scope: TableScope, sheet: ResultInput): void {
  const scored = scope.excluded.filter((e) => !scope.disqualifiedHere.includes(e.playerId));
  if (scored.length === 0) return;
  const issues = scored.map((e) => {
    const name = scope.seats.find((s) => s.playerId === e.playerId)?.name ?? e.playerId;
    const i = sheet.scores.findIndex((score) => score.playerId === e.playerId);
    return {
      path: i >= 0 ? `scores[${i}].playerId` : "scores",
      message: `${name} (${e.playerId}) is excluded from the programme until ${e.until} and can't be scored here: the referee disqualifies them at this table (they are placed last), or the game is removed while it has no result (DELETE /v1/rounds/${scope.round.id}) and seated again`,
    };
  });
  throw new ServiceError("invalid", "player_excluded", `Sheet refused: ${issues[0]!.message}.`, { issues });
}

/**
 * The table already holds this very sheet, as this request would leave it (pending, or final by
 * signature): a retry whose first answer was lost, or the same sheet sent twice. It changes
 * nothing, so it is answered with the table, as the first was (RFC 9110 §13.1.1), rather than
 * refused as final or out of date. An If-Match naming the current version still replaces it.
 */
function alreadyRecorded(scope: TableScope, input: ResultInput & { signed?: boolean }, ifMatch?: number) {
  const result = scope.result;
  if (!result || ifMatch === result.version || !sameSheet(result, input)) return false;
  // Final exactly when finalizedBy is set (the table's check): pending is null, final by signature "signed".
  return result.finalizedBy === (input.signed ? "signed" : null);
}

/**
 * PUT result (rules 1.3.4, 1.3.5): a first sheet, or a replacement of a pending one with
 * If-Match. `signed: true` means the paper sheet carries every signature: final at once.
 */
export async function submitResult(
  ctx: ServiceContext,
  tableId: string,
  input: ResultInput & { signed?: boolean },
  ifMatch?: number,
): Promise<TableDto> {
  const scope = await writableTable(ctx, tableId, "results:submit");
  if (alreadyRecorded(scope, input, ifMatch)) return getTable(ctx, tableId);
  assertPending(scope, "submitting a new sheet", ifMatch);
  await assertNoneDisqualifiedBefore(ctx, scope, input);
  if (!scope.result) assertNoneExcluded(scope, input);
  assertChoicesMade(scope);
  if (scope.result && ifMatch === undefined) {
    // A different sheet must say which version it replaces.
    throw new ServiceError(
      "conflict",
      "result_exists",
      `A result (version ${scope.result.version}) is already recorded for this table; send If-Match: "${scope.result.version}" to replace it while it is pending.`,
    );
  }
  await commitTransition(ctx, scope, {
    action: scope.result ? "resubmit" : "submit",
    finalizedBy: input.signed ? "signed" : null,
    sheet: input,
    // A first sheet may not score a player excluded meanwhile (docs/rules.md#sanctions).
    extra: scope.result
      ? []
      : [
          noExclusionUnseen(
            ctx.db,
            scope.seats.map((s) => s.playerId),
            scope.event.ancestry,
            scope.exclusionsSeen,
          ),
        ],
  });
  return getTable(ctx, tableId);
}

/** Rule 1.3.5: when a player refuses to sign, the referee decides. */
export async function finalizeResult(
  ctx: ServiceContext,
  tableId: string,
  reason?: string | null,
  ifMatch?: number,
): Promise<TableDto> {
  const scope = await writableTable(ctx, tableId, "results:finalize");
  pendingResult(scope, ifMatch, "finalize", "finalizing again");
  await commitTransition(ctx, scope, {
    action: "finalize",
    finalizedBy: "referee",
    reason,
  });
  return getTable(ctx, tableId);
}

/**
 * Rule 1.3.6: during the game or before the sheet is final, never after. The session's later
 * games that seat the player and have no result are re-seated without them in the same batch,
 * as a drop would (docs/rules.md#disqualification).
 */
export async function disqualifyPlayer(
  ctx: ServiceContext,
  tableId: string,
  input: { playerId: string; reason: string },
  ifMatch?: number,
): Promise<TableDto & { warnings: WarningDto[] }> {
  const scope = await writableTable(ctx, tableId, "results:disqualify");
  const { playerId, reason } = input;
  assertPending(scope, "disqualifying", ifMatch);
  assertPhaseOpen(scope, "a disqualification");
  const seat = seatAt(scope, playerId, "1.3.6");
  const alreadyDisqualified = () =>
    new ServiceError(
      "conflict",
      "already_disqualified",
      `Player '${playerId}' is already disqualified from this event.`,
    );
  if (scope.disqualified.has(playerId)) throw alreadyDisqualified();
  // The re-seat of the session's later games (prelims only) and the player's warnings, read side
  // by side: the audit entry and the answer name the warnings (docs/rules.md#sanctions).
  const { event, round } = scope;
  const [reseat, warnings] = await Promise.all([
    round.kind === "prelim" && round.sessionId
      ? reseatAfterDisqualification(ctx, event, round.sessionId, playerId, round.number)
      : { statements: [], roundIds: [] },
    eventWarningsOf(ctx, event.id, playerId),
  ]);
  const now = ctx.clock();
  try {
    await commitChecked(
      ctx.db,
      [
        ctx.db.insert(disqualifications).values({
          id: newId("dsq", now.getTime()),
          eventId: event.id,
          tableId,
          playerId,
          reason,
          actorClientId: actorClientId(ctx),
          createdAt: now.toISOString(),
        }),
        // A re-seat computed from the session as read: a sheet of a re-seated game committed since
        // would have its table re-dealt.
        ...(reseat.statements.length > 0 ? [rankingInputsUnchanged(ctx.db, event)] : []),
        bumpResultsVersion(ctx, event.id),
        tableAudit(ctx, scope, {
          action: "player.disqualify",
          after: {
            ...input,
            reseatedRounds: reseat.roundIds,
            warnings: warnings.map((w) => ({ id: w.id, rule: w.rule, note: w.note })),
          },
          reason,
        }),
        ...tableNotice(ctx, scope, {
          type: "player.disqualified",
          data: { eventId: event.id, tableId, playerId, name: seat.name, reason },
        }),
        ...standingsChangedStatements(ctx, event, round.sessionId),
        ...reseat.statements,
      ],
      rankingInputsChanged,
    );
  } catch (error) {
    // A seating, a final sheet or another disqualification committed since the read is a 409.
    if (guardRaisedByDatabase(error) === "phase_locked")
      throw await lockedSinceRead(ctx, scope, "a disqualification");
    // The result became final after this request read the table: the rule 1.3.6 trigger refused.
    if (ruleRaisedByDatabase(error) === "1.3.6") throw resultFinal("disqualifying", "1.3.6");
    if (isConstraintError(error)) throw alreadyDisqualified();
    throw error;
  }
  return { ...(await getTable(ctx, tableId)), warnings };
}

/**
 * The database refused the write because a later phase was seated after this request read the
 * table (a seating racing this change: the phase-lock triggers of migration 0009). The table read
 * again rejects with the service's own 409, naming the seated rounds and the way out; this one
 * answers only a lock no longer seated by then.
 */
async function lockedSinceRead(ctx: ServiceContext, scope: TableScope, what: string): Promise<ServiceError> {
  const fresh = await loadTableScope(ctx, scope.table.id);
  if (fresh) assertPhaseOpen(fresh, what);
  return new ServiceError(
    "conflict",
    "phase_locked",
    `A later phase was seated from this table's results while ${what} was being made, so nothing changed (rules 1.3.5, 1.4.4); re-read the event's rounds.`,
    { rule: "1.3.5" },
  );
}

/** The only way to change a final result: an organiser's correction with a reason, kept in the audit trail. */
export async function correctResult(
  ctx: ServiceContext,
  tableId: string,
  input: ResultInput & { reason: string },
  ifMatch?: number,
): Promise<TableDto> {
  const scope = await writableTable(ctx, tableId, "results:correct");
  if (scope.result?.status !== "final") {
    throw new ServiceError(
      "conflict",
      "result_not_final",
      "Only a final result is corrected; a pending result is replaced with PUT …/result and If-Match.",
    );
  }
  assertVersion(scope, ifMatch);
  assertPhaseOpen(scope, "a correction");
  await assertNoneDisqualifiedBefore(ctx, scope, input);
  await commitTransition(ctx, scope, {
    action: "correction",
    finalizedBy: "correction",
    sheet: input,
    reason: input.reason,
  });
  return getTable(ctx, tableId);
}
