/**
 * Timed turns per table (docs/rules.md#timers, rule 1.1.11 option 2): a referee switches one
 * table to timed turns, or back; the state is on the table and announced as `table.timer`.
 */
import { eq } from "drizzle-orm";
import type { Batch } from "../../db/client";
import { commitChecked, resultNotFinal } from "../../db/preconditions";
import { tableTimers } from "../../db/schema";
import { tableTurnLimit } from "../../domain/timers";
import { actorClientId, type ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { resultFinal } from "./results";
import { placeOf, seatAt, type TableScope, tableAudit, tableNotice, writableTable } from "./scope";
import { getTable, type TableDto } from "./view";

export interface TimerInput {
  turnSeconds?: number | undefined;
  /** The seated player who asked for it (after the opening placements), if one did. */
  requestedBy?: string | null | undefined;
}

/**
 * Writes a switch of the table's timer (`timer`: the state it leaves, null: untimed) with its audit
 * entry and its `table.timer` notice, and answers the table.
 */
async function switchTimer(
  ctx: ServiceContext,
  scope: TableScope,
  timer: TableDto["timer"],
  write: Batch,
): Promise<TableDto> {
  const was = scope.timer;
  await commitChecked(
    ctx.db,
    [
      ...write,
      tableAudit(ctx, scope, {
        action: timer ? "table.timer.on" : "table.timer.off",
        before: was ? { turnSeconds: was.turnSeconds, requestedBy: was.requestedBy } : null,
        after: timer,
      }),
      ...tableNotice(ctx, scope, {
        type: "table.timer",
        data: {
          ...placeOf(scope),
          kind: scope.round.kind,
          timedTurns: timer !== null,
          turnSeconds: timer?.turnSeconds ?? null,
          requestedBy: timer?.requestedBy ?? null,
          since: timer?.since ?? null,
        },
      }),
    ],
    // The result became final after this request read the table.
    () => resultFinal("switching it to timed turns", "1.1.11"),
  );
  return getTable(ctx, scope.table.id);
}

/** PUT /v1/tables/{id}/timer: the table plays timed turns from now (or with a new turn length). */
export async function switchTimerOn(
  ctx: ServiceContext,
  tableId: string,
  input: TimerInput,
): Promise<TableDto> {
  const scope = await writableTable(ctx, tableId, "results:finalize");
  if (scope.result?.status === "final") throw resultFinal("switching it to timed turns", "1.1.11");
  const requestedBy = input.requestedBy ?? null;
  if (requestedBy !== null) seatAt(scope, requestedBy, "1.1.11", "requestedBy");
  // The event's turn time (option 2), or the rule's 2 minutes: a referee may shorten it, never
  // lengthen it (docs/rules.md#timers).
  const limit = tableTurnLimit(scope.event.timers);
  if (input.turnSeconds !== undefined && input.turnSeconds > limit) {
    throw new ServiceError(
      "invalid",
      "turn_longer_than_event",
      `This event's timed turns last ${limit} s: a table may be given shorter turns, never longer ones (rule 1.1.11).`,
      {
        rule: "1.1.11",
        issues: [{ path: "turnSeconds", message: `at most ${limit} s, the event's turn time` }],
      },
    );
  }
  const timer = {
    turnSeconds: input.turnSeconds ?? limit,
    requestedBy,
    since: ctx.clock().toISOString(),
  };
  const row = { tableId, ...timer, actorClientId: actorClientId(ctx) };
  return switchTimer(ctx, scope, timer, [
    // Only while the result is not final: a finished game is not timed any more.
    resultNotFinal(ctx.db, tableId),
    ctx.db.insert(tableTimers).values(row).onConflictDoUpdate({ target: tableTimers.tableId, set: row }),
  ]);
}

/** DELETE /v1/tables/{id}/timer: back to untimed turns; nothing to announce when it already was. */
export async function switchTimerOff(ctx: ServiceContext, tableId: string): Promise<TableDto> {
  const scope = await writableTable(ctx, tableId, "results:finalize");
  if (!scope.timer) return getTable(ctx, tableId);
  return switchTimer(ctx, scope, null, [ctx.db.delete(tableTimers).where(eq(tableTimers.tableId, tableId))]);
}
