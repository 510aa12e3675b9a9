import { type ChoiceSeat, nextToChoose } from "../../domain/choices";
import type { ServiceContext } from "../context";
import { loadTableScope, loadTableScopes, mayEnterResults, type TableScope, visibleTable } from "./scope";

/** A table as the API shows it: seats in turn order with VP, placement, confirmation and disqualification. */
export function toTableDto(scope: TableScope, options: { codes?: boolean } = {}) {
  // Out of the event: nobody waits for their confirmation. Disqualified here: placed last.
  const dqHere = new Set(scope.disqualifiedHere);
  const result = scope.result;
  return {
    id: scope.table.id,
    roundId: scope.round.id,
    eventId: scope.event.id,
    sessionId: scope.round.sessionId,
    kind: scope.round.kind,
    number: scope.table.number,
    seats: scope.seats.map((seat) => ({
      position: seat.position,
      seedRank: seat.seedRank,
      player: { id: seat.playerId, name: seat.name },
      vp: result ? seat.vp : null,
      placement: result ? seat.placement : null,
      confirmed: scope.confirmedVia.has(seat.playerId),
      /** `player`: with their seat code; `staff`: a client confirmed on their behalf. */
      confirmedVia: scope.confirmedVia.get(seat.playerId) ?? null,
      disqualified: dqHere.has(seat.playerId),
      chair: seat.chair,
      colour: seat.colour,
      chosenAt: seat.chosenAt,
      // On the player's own slip; only staff who may enter results see it (never the public).
      ...(options.codes ? { confirmationCode: seat.confirmationCode } : {}),
    })),
    /** Staff waived the choices by rank here (docs/rules.md#choices). */
    choicesWaived: scope.table.choicesWaivedAt
      ? { reason: scope.table.choicesWaiver ?? "", at: scope.table.choicesWaivedAt }
      : null,
    nextToChoose:
      scope.round.method === "snake" && !result
        ? (nextToChoose(choiceSeats(scope), scope.disqualified)?.playerId ?? null)
        : null,
    timer: scope.timer
      ? {
          turnSeconds: scope.timer.turnSeconds,
          requestedBy: scope.timer.requestedBy,
          since: scope.timer.since,
        }
      : null,
    result: result
      ? {
          status: result.status,
          version: result.version,
          winnerId: result.winnerId,
          scores: result.scores,
          finalizedBy: result.finalizedBy,
          awaitingConfirmation:
            result.status === "pending"
              ? scope.seats
                  .filter((s) => !scope.confirmedVia.has(s.playerId) && !scope.disqualified.has(s.playerId))
                  .map((s) => s.playerId)
              : [],
          /** Open disputes: confirmations cannot make the sheet final until a referee decides or it is replaced. */
          disputes: result.status === "pending" ? scope.disputes : [],
          updatedAt: result.updatedAt,
        }
      : null,
  };
}
export type TableDto = ReturnType<typeof toTableDto>;

/** The seats as the choice rules see them (docs/rules.md#choices). */
export function choiceSeats(scope: TableScope): ChoiceSeat[] {
  return scope.seats.map((s) => ({
    playerId: s.playerId,
    name: s.name,
    position: s.position,
    seedRank: s.seedRank,
    chair: s.chair,
    colour: s.colour,
    chosen: s.chosenAt !== null,
  }));
}

export async function getTable(ctx: ServiceContext, tableId: string): Promise<TableDto> {
  const scope = visibleTable(ctx, await loadTableScope(ctx, tableId), tableId);
  return toTableDto(scope, { codes: mayEnterResults(ctx, scope) });
}

/** Many tables in one round trip; each id gets its table or the 404 that getTable would throw. */
export async function getTables(
  ctx: ServiceContext,
  tableIds: readonly string[],
  options: { codes?: boolean } = {},
): Promise<Map<string, TableDto | Error>> {
  const scopes = await loadTableScopes(ctx, tableIds);
  const tables = new Map<string, TableDto | Error>();
  for (const id of tableIds) {
    try {
      const scope = visibleTable(ctx, scopes.get(id), id);
      // Seat codes only when asked for (the printed sheets) and only to staff who enter results.
      tables.set(id, toTableDto(scope, { codes: !!options.codes && mayEnterResults(ctx, scope) }));
    } catch (error) {
      tables.set(id, error as Error);
    }
  }
  return tables;
}
