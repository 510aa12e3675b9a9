import type { ScoredGame } from "../../domain/game-score";
import type { ServiceContext } from "../context";
import {
  outboxStatements,
  standingsChangedStatements,
  type TableResultPayload,
  tablePlaceOf,
} from "../outbox";
import type { TableScope } from "./scope";

interface Change {
  action: string;
  status: "pending" | "final";
  finalizedBy?: string | null;
  version: number;
  winnerId: string;
  reason: string | null;
}

function payload(scope: TableScope, change: Change, scored: ScoredGame): TableResultPayload {
  const names = new Map(scope.seats.map((s) => [s.playerId, s.name]));
  return {
    ...tablePlaceOf({ eventId: scope.event.id, round: scope.round, table: scope.table }),
    version: change.version,
    status: change.status,
    finalizedBy: change.status === "final" ? (change.finalizedBy ?? null) : null,
    winnerId: change.winnerId,
    seats: scored.seats.map((seat, i) => ({
      position: i + 1,
      playerId: seat.playerId,
      name: names.get(seat.playerId) ?? null,
      vp: seat.vp,
      placement: seat.placement,
    })),
  };
}

/** The table as it was before this change (for `result.corrected`'s `before`). */
function previousPayload(scope: TableScope): TableResultPayload | null {
  const previous = scope.result;
  if (!previous) return null;
  return {
    ...tablePlaceOf({ eventId: scope.event.id, round: scope.round, table: scope.table }),
    version: previous.version,
    status: previous.status,
    finalizedBy: previous.finalizedBy,
    winnerId: previous.winnerId,
    seats: scope.seats.map((s) => ({
      position: s.position,
      playerId: s.playerId,
      name: s.name,
      vp: s.vp,
      placement: s.placement,
    })),
  };
}

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
  const { event } = scope;
  const base = { orgId: event.orgId, ancestry: event.ancestry, eventId: event.id };
  const table = payload(scope, change, scored);
  const out = [];
  const kind =
    change.action === "submit" || change.action === "resubmit"
      ? "result.submitted"
      : change.action === "confirm"
        ? "result.confirmed"
        : change.action === "correction"
          ? "result.corrected"
          : null;
  if (kind === "result.corrected") {
    out.push(
      ...outboxStatements(ctx, {
        ...base,
        type: kind,
        data: {
          tableId: table.tableId,
          eventId: event.id,
          reason: change.reason,
          before: previousPayload(scope),
          after: table,
        },
      }),
    );
  } else if (kind) {
    out.push(...outboxStatements(ctx, { ...base, type: kind, data: { ...table } }));
  }
  const becameFinal = change.status === "final" && scope.result?.status !== "final";
  if (becameFinal) {
    out.push(...outboxStatements(ctx, { ...base, type: "result.final", data: { ...table } }));
    if (scope.round.kind === "final") {
      out.push(
        ...outboxStatements(ctx, {
          ...base,
          type: "event.completed",
          data: { eventId: event.id, final: table },
        }),
      );
    }
  }
  // Rankings count final results only: a pending sheet moves none.
  const rankingsChanged = change.status === "final" || scope.result?.status === "final";
  out.push(...standingsChangedStatements(ctx, scope.event, scope.round.sessionId, { rankingsChanged }));
  return out;
}
