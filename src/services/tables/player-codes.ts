/**
 * Players acting on their own result from their phone: each seat's short code from
 * the result sheet authorises that player, at that table only, to confirm or dispute the
 * pending sheet without a token. Wrong codes are rate-limited per seat and source, and audited.
 */

import { and, count, eq, gt, min, sql } from "drizzle-orm";
import { timingSafeEqual } from "hono/utils/buffer";
import { newId } from "../../db/ids";
import { resultConfirmations, resultDisputes, seatCodeFailures } from "../../db/schema";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { sha256Hex } from "../secrets";
import { commitTransition, pendingResult } from "./results";
import { loadTableScope, seatAt, type TableScope, tableAudit, writableTable } from "./scope";
import { getTable, type TableDto, toTableDto } from "./view";

/**
 * Wrong codes tolerated per seat and source (an address; IPv6 per /64) in the window: guessing
 * one of ~8.2e14 codes stays hopeless (docs/reference/limits.md), and a source that keeps failing
 * stops only itself, never the player's own phone or the staff. Counted in the database, not
 * by the servers' request limiter (memory per process on Node, per location on Workers): a
 * guesser must not win by spreading tries over processes, locations or restarts. It answers
 * like every rate limit (docs/reference/limits.md): 429 `rate_limited` with Retry-After and the
 * IETF RateLimit headers, under the policy name `seat-code`.
 */
const SEAT_CODE_POLICY = { name: "seat-code", limit: 5, windowSeconds: 15 * 60 } as const;
/**
 * Wrong codes for one seat from every source together, in the same window, at which an audit
 * event (`result.seat-code-guessing`) tells the event's staff someone is guessing from many
 * addresses. It refuses nobody: a lockout anyone can trigger would stop the player too.
 */
const SEAT_CODE_ALARM = 25;
const WINDOW_MS = SEAT_CODE_POLICY.windowSeconds * 1000;
const POLICY_HEADER = `"${SEAT_CODE_POLICY.name}";q=${SEAT_CODE_POLICY.limit};w=${SEAT_CODE_POLICY.windowSeconds}`;

/** The seat's limit in the IETF RateLimit headers (the middleware adds the request's own policy). */
function seatCodeHeaders(remaining: number, resetSeconds: number): Record<string, string> {
  return {
    "ratelimit-policy": POLICY_HEADER,
    ratelimit: `"${SEAT_CODE_POLICY.name}";r=${remaining};t=${resetSeconds}`,
  };
}

/**
 * Checks a seat code: 404 for an unknown table, 422 when the player is not seated there, 429
 * after too many wrong codes for the seat from this source (with Retry-After), 403 `wrong_seat_code` (recorded,
 * audited) otherwise. The code proves the player sits there: it opens that table, even of a
 * private event, to that request.
 */
async function verifySeatCode(
  ctx: ServiceContext,
  tableId: string,
  playerId: string,
  code: string,
): Promise<TableScope> {
  const now = ctx.clock();
  // What is stored of a source: a hash, so the table keeps no addresses.
  const source = (await sha256Hex(`seat-code:${ctx.source ?? "unknown"}`)).slice(0, 16);
  // The table and the seat's recent wrong codes (this source's, and everyone's), read together.
  const mine = sql`${seatCodeFailures.source} = ${source}`;
  const [scope, [failures]] = await Promise.all([
    loadTableScope(ctx, tableId),
    ctx.db
      .select({
        all: count(),
        mine: sql<number>`coalesce(sum(${mine}), 0)`,
        oldest: min(sql<string>`case when ${mine} then ${seatCodeFailures.createdAt} end`),
      })
      .from(seatCodeFailures)
      .where(
        and(
          eq(seatCodeFailures.tableId, tableId),
          eq(seatCodeFailures.playerId, playerId),
          gt(seatCodeFailures.createdAt, new Date(now.getTime() - WINDOW_MS).toISOString()),
        ),
      ),
  ]);
  if (!scope) throw notFound("table", tableId);
  const seat = seatAt(scope, playerId, "1.3.4");
  // The code is checked before the count: every phone at a venue shares one address, so a
  // tablemate's wrong codes must not lock the player's right one out. Only failures count.
  const given = code.replace(/[\s-]/g, "").toUpperCase();
  if (seat.confirmationCode && (await timingSafeEqual(given, seat.confirmationCode))) return scope;
  // The window ends when this source's oldest counted wrong code leaves it (the whole window before any).
  const resetSeconds = failures?.oldest
    ? Math.max(1, Math.ceil((Date.parse(failures.oldest) + WINDOW_MS - now.getTime()) / 1000))
    : SEAT_CODE_POLICY.windowSeconds;
  const failed = Number(failures?.mine ?? 0);
  if (failed >= SEAT_CODE_POLICY.limit) {
    throw new ServiceError(
      "rate_limited",
      "rate_limited",
      `At most ${SEAT_CODE_POLICY.limit} wrong codes per ${SEAT_CODE_POLICY.windowSeconds / 60} minutes for this seat from one address: try again in ${resetSeconds} s, or ask the staff to confirm for you.`,
      { headers: { "retry-after": String(resetSeconds), ...seatCodeHeaders(0, resetSeconds) } },
    );
  }
  // Counted against seat and source, and audited.
  await ctx.db.batch([
    ctx.db
      .insert(seatCodeFailures)
      .values({ id: newId("scf", now.getTime()), tableId, playerId, source, createdAt: now.toISOString() }),
    tableAudit(ctx, scope, { action: "result.seat-code-rejected", after: { playerId } }),
    // This wrong code is the one that reaches the alarm: said once per window, not per code.
    ...((failures?.all ?? 0) + 1 === SEAT_CODE_ALARM
      ? [
          tableAudit(ctx, scope, {
            action: "result.seat-code-guessing",
            after: { playerId, wrongCodes: SEAT_CODE_ALARM, windowSeconds: SEAT_CODE_POLICY.windowSeconds },
          }),
        ]
      : []),
  ]);
  throw new ServiceError(
    "forbidden",
    "wrong_seat_code",
    "This is not the code printed next to the player's name on the result sheet.",
    {
      issues: [{ path: "code", message: "does not match the seat" }],
      headers: seatCodeHeaders(SEAT_CODE_POLICY.limit - failed - 1, resetSeconds),
    },
  );
}

/** Who acts on the pending sheet: the player with their seat code, or staff (results:confirm) for them. */
interface SheetActor {
  playerId: string;
  code?: string | undefined;
}

/**
 * The table opened to who acts, and how the act is recorded. The seat code opens the table,
 * even of a private event, to its player only: the answer then shows no seat codes.
 */
async function openSheet(ctx: ServiceContext, tableId: string, who: SheetActor) {
  const byPlayer = who.code !== undefined;
  /** The table read again, as the code (checked once) or the staff's rights open it. */
  const reread = async () =>
    byPlayer ? (await loadTableScope(ctx, tableId))! : writableTable(ctx, tableId, "results:confirm");
  return {
    scope: byPlayer ? await verifySeatCode(ctx, tableId, who.playerId, who.code!) : await reread(),
    reread,
    via: byPlayer ? ("player" as const) : ("staff" as const),
    actor: byPlayer ? `player:${who.playerId}` : actorClientId(ctx),
    answer: async (): Promise<TableDto> => (byPlayer ? toTableDto(await reread()) : getTable(ctx, tableId)),
  };
}

/**
 * POST …/result/confirmations (rule 1.3.4): one player's agreement, by the player or by staff for
 * them. Once every seated (not disqualified) player agrees the sheet is final, unless someone
 * disputes it: then a referee decides (rule 1.3.5) or the sheet is replaced. One that loses a
 * race to another confirmation is applied again to the table read afresh (unless If-Match pinned
 * the version: then the retry answers 412).
 */
export async function confirmResult(
  ctx: ServiceContext,
  tableId: string,
  who: SheetActor,
  ifMatch?: number,
): Promise<TableDto> {
  const { playerId } = who;
  const sheet = await openSheet(ctx, tableId, who);
  const { via, actor } = sheet;
  for (let attempt = 1; ; attempt++) {
    // The first attempt uses the table read to open it; a retry reads it again.
    const scope = attempt === 1 ? sheet.scope : await sheet.reread();
    const result = pendingResult(scope, ifMatch, "confirm", "confirming");
    seatAt(scope, playerId, "1.3.4");
    const everyone = scope.seats.every(
      (s) =>
        s.playerId === playerId || scope.confirmedVia.has(s.playerId) || scope.disqualified.has(s.playerId),
    );
    // An open dispute blocks finalisation by confirmations (a referee or a new sheet settles it).
    const disputed = scope.disputes.length > 0;
    try {
      await commitTransition(ctx, scope, {
        action: "confirm",
        finalizedBy: everyone && !disputed ? "confirmations" : null,
        reason: `confirmed by ${playerId} (${via === "player" ? "the player, with the seat code" : "staff on the player's behalf"})`,
        extra: [
          ctx.db
            .insert(resultConfirmations)
            .values({
              tableId,
              version: result.version,
              playerId,
              actorClientId: actor,
              via,
              createdAt: ctx.clock().toISOString(),
            })
            .onConflictDoNothing(),
        ],
        actorId: actor,
      });
      return sheet.answer();
    } catch (error) {
      // Confirmations commute: one that lost a race to another commit runs again, five times in all.
      if (!(error instanceof ServiceError && error.code === "concurrent_update") || attempt >= 5) throw error;
    }
  }
}

/**
 * POST …/result/disputes: the player does not agree with the pending sheet (rule 1.3.5: a
 * player who refuses to sign). The dispute blocks finalisation by confirmations until a referee
 * finalizes or the sheet is replaced; the player's own confirmation, if any, is withdrawn.
 */
export async function disputeResult(
  ctx: ServiceContext,
  tableId: string,
  input: SheetActor & { reason: string },
  ifMatch?: number,
): Promise<TableDto> {
  const { scope, via, actor, answer } = await openSheet(ctx, tableId, input);
  const result = pendingResult(scope, ifMatch, "dispute", "disputing");
  seatAt(scope, input.playerId);
  // The sheet never waits for a disqualified player's signature, so their dispute cannot hold it:
  // they contest the disqualification with the referee (docs/rules.md#disqualification).
  if (scope.disqualified.has(input.playerId)) {
    throw new ServiceError(
      "conflict",
      "already_disqualified",
      `Player '${input.playerId}' is disqualified from this event: the sheet does not need their signature, so they cannot dispute it; the referee hears them on the disqualification.`,
    );
  }
  if (scope.disputes.some((d) => d.playerId === input.playerId)) {
    throw new ServiceError(
      "conflict",
      "already_disputed",
      `Player '${input.playerId}' already disputes this sheet.`,
    );
  }
  const now = ctx.clock();
  await commitTransition(ctx, scope, {
    action: "dispute",
    finalizedBy: null,
    reason: input.reason,
    actorId: actor,
    extra: [
      ctx.db.insert(resultDisputes).values({
        id: newId("dsp", now.getTime()),
        tableId,
        version: result.version + 1,
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
  return answer();
}
