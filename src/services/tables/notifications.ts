import type { tableResults } from "../../db/schema";
import type { ScoredGame } from "../../domain/game-score";
import type { ServiceContext } from "../context";
import { standingsChangedStatements, type TableResultPayload } from "../outbox";
import { placeOf, type TableScope, tableNotice } from "./scope";

type ResultState = Pick<typeof tableResults.$inferSelect, "status" | "finalizedBy" | "version" | "winnerId">;
type Change = ResultState & { action: string; reason: string | null };

/** The table in one state of its result, as the notifications carry it. */
function payload(
  scope: TableScope,
  { version, status, finalizedBy, winnerId }: ResultState,
  seats: TableResultPayload["seats"],
): TableResultPayload {
  return { ...placeOf(scope), version, status, finalizedBy, winnerId, seats };
}

/** The table this change leaves. */
function payloadAfter(scope: TableScope, change: Change, scored: ScoredGame): TableResultPayload {
  const names = new Map(scope.seats.map((s) => [s.playerId, s.name]));
  return payload(
    scope,
    change,
    scored.seats.map((seat, i) => ({
      position: i + 1,
      playerId: seat.playerId,
      name: names.get(seat.playerId) ?? null,
      vp: seat.vp,
      placement: seat.placement,
    })),
  );
}

/** The table as it was before this change (for `result.corrected`'s `before`). */
function payloadBefore(scope: TableScope): TableResultPayload | null {
  if (!scope.result) return null;
  return payload(
    scope,
    scope.result,
    scope.seats.map(({ position, playerId, name, vp, placement }) => ({
      position,
      playerId,
      name,
      vp,
      placement,
    })),
  );
}

/** The notice each kind of result change sends (a dispute or a referee's finalisation: none). */
const NOTICE: Record<string, "result.submitted" | "result.confirmed" | "result.corrected"> = {
  submit: "result.submitted",
  resubmit: "result.submitted",
  confirm: "result.confirmed",
  correction: "result.corrected",
};

/**
 * The outbox statements of one result transition, to go AFTER the results-version bump in
 * the transition's batch: the result event itself, `result.final` when it just became final,
 * `event.completed` when that was the final's table, and `standings.changed`.
 */
export function resultNotifications(
  ctx: ServiceContext,
  scope: TableScope,
  change: Change,
  scored: ScoredGame,
) {
  const eventId = scope.event.id;
  const table = payloadAfter(scope, change, scored);
  const out = [];
  const type = NOTICE[change.action];
  if (type === "result.corrected") {
    const data = {
      tableId: table.tableId,
      eventId,
      reason: change.reason,
      before: payloadBefore(scope),
      after: table,
    };
    out.push(...tableNotice(ctx, scope, { type, data }));
  } else if (type) {
    out.push(...tableNotice(ctx, scope, { type, data: table }));
  }
  if (change.status === "final" && scope.result?.status !== "final") {
    out.push(...tableNotice(ctx, scope, { type: "result.final", data: table }));
    if (scope.round.kind === "final") {
      out.push(...tableNotice(ctx, scope, { type: "event.completed", data: { eventId, final: table } }));
    }
  }
  // Rankings count final results only: a pending sheet moves none.
  const rankingsChanged = change.status === "final" || scope.result?.status === "final";
  out.push(...standingsChangedStatements(ctx, scope.event, scope.round.sessionId, { rankingsChanged }));
  return out;
}
