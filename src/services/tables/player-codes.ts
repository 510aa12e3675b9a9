/**
 * Players acting on their own result from their phone (issue 12): each seat's short code from
 * the result sheet authorises that player, at that table only, to confirm or dispute the
 * pending sheet without a token. Wrong codes are rate-limited per seat and audited.
 */
import { and, count, eq, gt } from "drizzle-orm";
import { newId } from "../../db/ids";
import { resultConfirmations, resultDisputes, seatCodeFailures } from "../../db/schema";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import {
  assertNotFinal,
  assertVersion,
  commitTransition,
  recordConfirmation,
  retryConcurrent,
} from "./results";
import { loadTableScope, type TableScope, writableTable } from "./scope";
import { getTable, type TableDto, toTableDto } from "./view";

/** Wrong codes tolerated per seat in the window: guessing one of ~887 million codes stays hopeless. */
export const MAX_CODE_FAILURES = 5;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

function normalize(code: string): string {
  return code.replace(/[\s-]/g, "").toUpperCase();
}

/** Compares in time independent of where the strings differ. */
function sameCode(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * Checks a seat code: 404 for an unknown table, 422 when the player is not seated there, 429
 * after too many wrong codes for the seat (with Retry-After), 403 `wrong_seat_code` (recorded,
 * audited) otherwise. The code proves the player sits there: it opens that table, even of a
 * private event, to that request.
 */
async function verifySeatCode(
  ctx: ServiceContext,
  tableId: string,
  playerId: string,
  code: string,
): Promise<TableScope> {
  const scope = await loadTableScope(ctx, tableId);
  if (!scope) throw notFound("table", tableId);
  const seat = scope.seats.find((s) => s.playerId === playerId);
  if (!seat) {
    throw new ServiceError("invalid", "not_seated", `Player '${playerId}' is not seated at this table.`, {
      rule: "1.3.4",
      issues: [{ path: "playerId", message: "not seated at this table" }],
    });
  }
  const now = ctx.clock();
  const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS).toISOString();
  const [failures] = await ctx.db
    .select({ n: count() })
    .from(seatCodeFailures)
    .where(
      and(
        eq(seatCodeFailures.tableId, tableId),
        eq(seatCodeFailures.playerId, playerId),
        gt(seatCodeFailures.createdAt, since),
      ),
    );
  if ((failures?.n ?? 0) >= MAX_CODE_FAILURES) {
    throw new ServiceError(
      "rate_limited",
      "too_many_code_attempts",
      `Too many wrong codes for this seat: try again in ${CODE_FAILURE_WINDOW_MS / 60000} minutes, or ask the staff to confirm for you.`,
      { headers: { "retry-after": String(CODE_FAILURE_WINDOW_MS / 1000) } },
    );
  }
  if (!seat.confirmationCode || !sameCode(normalize(code), seat.confirmationCode)) {
    await ctx.db.batch([
      ctx.db
        .insert(seatCodeFailures)
        .values({ id: newId("scf", now.getTime()), tableId, playerId, createdAt: now.toISOString() }),
      auditInsert(ctx, {
        orgId: scope.event.orgId,
        eventId: scope.event.id,
        action: "result.seat-code-rejected",
        entityType: "table",
        entityId: tableId,
        after: { playerId },
      }),
    ]);
    throw new ServiceError(
      "forbidden",
      "wrong_seat_code",
      "This is not the code printed next to the player's name on the result sheet.",
      { issues: [{ path: "code", message: "does not match the seat" }] },
    );
  }
  return scope;
}

/** POST …/result/confirmations with `{playerId, code}`: the player agrees, from their phone. */
export async function confirmWithCode(
  ctx: ServiceContext,
  tableId: string,
  input: { playerId: string; code: string },
  ifMatch?: number,
): Promise<TableDto> {
  await verifySeatCode(ctx, tableId, input.playerId, input.code);
  return retryConcurrent(async () => {
    const scope = await loadTableScope(ctx, tableId);
    await recordConfirmation(ctx, scope!, input.playerId, "player", ifMatch);
    return toTableDto((await loadTableScope(ctx, tableId))!);
  });
}

export interface DisputeInput {
  playerId: string;
  /** The player's seat code; staff (results:confirm) record a dispute without it. */
  code?: string | undefined;
  reason: string;
}

/**
 * POST …/result/disputes: the player does not agree with the pending sheet (rule 1.3.5: a
 * player who refuses to sign). The dispute blocks finalisation by confirmations until a referee
 * finalizes or the sheet is replaced; the player's own confirmation, if any, is withdrawn.
 */
export async function disputeResult(
  ctx: ServiceContext,
  tableId: string,
  input: DisputeInput,
  ifMatch?: number,
): Promise<TableDto> {
  const byPlayer = input.code !== undefined;
  const scope = byPlayer
    ? await verifySeatCode(ctx, tableId, input.playerId, input.code!)
    : (await writableTable(ctx, tableId, "results:confirm")).scope;
  if (!scope.result) throw new ServiceError("conflict", "no_result", "There is no result to dispute yet.");
  assertNotFinal(scope, "disputing");
  assertVersion(scope, ifMatch);
  if (!scope.seats.some((s) => s.playerId === input.playerId)) {
    throw new ServiceError(
      "invalid",
      "not_seated",
      `Player '${input.playerId}' is not seated at this table.`,
      {
        issues: [{ path: "playerId", message: "not seated at this table" }],
      },
    );
  }
  if (scope.disputes.some((d) => d.playerId === input.playerId)) {
    throw new ServiceError(
      "conflict",
      "already_disputed",
      `Player '${input.playerId}' already disputes this sheet.`,
    );
  }
  const via = byPlayer ? "player" : "staff";
  const actor = byPlayer ? `player:${input.playerId}` : actorClientId(ctx);
  const now = ctx.clock();
  await commitTransition(ctx, scope, {
    action: "dispute",
    status: "pending",
    finalizedBy: null,
    sheet: scope.result,
    reason: input.reason,
    actorId: actor,
    extra: [
      ctx.db.insert(resultDisputes).values({
        id: newId("dsp", now.getTime()),
        tableId,
        version: scope.result.version + 1,
        playerId: input.playerId,
        reason: input.reason,
        via,
        actorClientId: actor,
        createdAt: now.toISOString(),
      }),
      ctx.db
        .delete(resultConfirmations)
        .where(
          and(eq(resultConfirmations.tableId, tableId), eq(resultConfirmations.playerId, input.playerId)),
        ),
    ],
  });
  return byPlayer ? toTableDto((await loadTableScope(ctx, tableId))!) : getTable(ctx, tableId);
}
