/**
 * Choices at snake-seated tables (docs/rules.md#choices, rules 1.1.7, 1.1.10, 1.1.12): staff
 * record each player's turn order, chair and colour in rank order. The seats are rewritten in
 * one batch: the chooser at the chosen position, those still to choose on the free positions by
 * rank, so every view (table, round, sheets, pages, GraphQL, notifications) shows the order.
 */
import { eq } from "drizzle-orm";
import { choicesUnchanged, commitChecked, disqualificationsUnchanged } from "../../db/preconditions";
import { gameTables, seats } from "../../db/schema";
import { applyChoice, type ChoiceSeat, type Colour } from "../../domain/choices";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { placeOf, seatAt, type TableScope, tableAudit, tableNotice, writableTable } from "./scope";
import { choiceSeats, getTable, type TableDto } from "./view";

interface ChoiceInput {
  playerId: string;
  position: number;
  chair?: number | undefined;
  colour: Colour;
}

export async function recordChoice(
  ctx: ServiceContext,
  tableId: string,
  input: ChoiceInput,
): Promise<TableDto> {
  const scope = await writableTable(ctx, tableId, "results:finalize");
  assertMayChoose(scope, input);
  const before = choiceSeats(scope);
  const after = applyChoice(before, input, { kind: scope.round.kind, out: scope.disqualified });
  const chosen = after.find((s) => s.playerId === input.playerId)!;
  const now = ctx.clock().toISOString();
  // One batch: the guard against a concurrent choice, the rewritten seats, the audit, the notice.
  await commitChecked(
    ctx.db,
    [
      choicesUnchanged(ctx.db, tableId, before.filter((s) => s.chosen).length),
      // The order skips the table's disqualified players, as read.
      disqualificationsUnchanged(
        ctx.db,
        scope.event.id,
        scope.seats.map((s) => s.playerId),
        scope.disqualified.size,
      ),
      // Positions are the seats' key at the table: rewrite them all rather than swap in place.
      ctx.db.delete(seats).where(eq(seats.tableId, tableId)),
      ctx.db.insert(seats).values(rewrittenSeats(scope, input.playerId, after, now)),
      tableAudit(ctx, scope, {
        action: "seat.choice",
        before: { order: before.map((s) => s.playerId) },
        after: {
          playerId: input.playerId,
          position: chosen.position,
          chair: chosen.chair,
          colour: chosen.colour,
          order: after.map((s) => s.playerId),
        },
      }),
      ...tableNotice(ctx, scope, {
        type: "seat.chosen",
        data: {
          ...placeOf(scope),
          kind: scope.round.kind,
          playerId: input.playerId,
          seats: after.map((s) => ({
            position: s.position,
            playerId: s.playerId,
            name: s.name,
            seedRank: s.seedRank,
            chair: s.chair,
            colour: s.colour,
            chosen: s.chosen,
          })),
        },
      }),
    ],
    () =>
      new ServiceError(
        "conflict",
        "concurrent_choice",
        "Another choice, a result or a disqualification was recorded at this table while this one was being made, so nothing changed; re-read the table and choose again.",
      ),
  );
  return getTable(ctx, tableId);
}

/** The table-level rules first, then the chooser's own (seated, not disqualified, not chosen yet). */
function assertMayChoose(scope: TableScope, input: ChoiceInput | null): void {
  if (scope.round.method !== "snake") {
    throw new ServiceError(
      "conflict",
      "not_snake_seated",
      "Players choose turn order, chair and colour by rank only at snake-seated tables (game 4 of an 80+ session, the semifinals, the final); at this table the seating is the turn order, and players choose chair and colour in it (rule 1.1.6).",
      { rule: "1.1.6" },
    );
  }
  if (scope.result) {
    throw new ServiceError(
      "conflict",
      "result_exists",
      "This table already has a result: the choices are made before the game starts and can no longer change.",
    );
  }
  if (!input) return;
  const seat = seatAt(scope, input.playerId);
  if (scope.disqualified.has(input.playerId)) {
    throw new ServiceError(
      "conflict",
      "already_disqualified",
      `Player '${input.playerId}' is disqualified from this event and makes no choice.`,
    );
  }
  if (seat.chosenAt !== null) {
    throw new ServiceError(
      "conflict",
      "already_chosen",
      `${seat.name} already chose turn position ${seat.position}, chair ${seat.chair} and ${seat.colour}; choices are final once made.`,
    );
  }
}

/** The seat rows after the choice: new order, chairs and colours; results and codes kept. */
function rewrittenSeats(scope: TableScope, chooserId: string, after: ChoiceSeat[], now: string) {
  const stored = new Map(scope.seats.map((s) => [s.playerId, s]));
  return after.map((s) => {
    const old = stored.get(s.playerId)!;
    return {
      tableId: scope.table.id,
      roundId: scope.round.id,
      playerId: s.playerId,
      position: s.position,
      seedRank: s.seedRank,
      vp: old.vp,
      placement: old.placement,
      confirmationCode: old.confirmationCode,
      chair: s.chair,
      colour: s.colour,
      chosenAt: s.playerId === chooserId ? now : old.chosenAt,
    };
  });
}

/**
 * PUT …/choices/waiver: staff waive the players' choices by rank at a snake-seated table with no
 * result yet (the final's sheet otherwise waits for every finalist's choice), with a reason kept
 * on the table and in the audit trail.
 */
export async function waiveChoices(
  ctx: ServiceContext,
  tableId: string,
  input: { reason: string },
): Promise<TableDto> {
  const scope = await writableTable(ctx, tableId, "results:finalize");
  assertMayChoose(scope, null);
  const at = ctx.clock().toISOString();
  await ctx.db.batch([
    ctx.db
      .update(gameTables)
      .set({ choicesWaivedAt: at, choicesWaiver: input.reason })
      .where(eq(gameTables.id, tableId)),
    tableAudit(ctx, scope, {
      action: "table.choices-waived",
      before: scope.table.choicesWaivedAt ? { reason: scope.table.choicesWaiver } : null,
      after: { at },
      reason: input.reason,
    }),
  ]);
  return getTable(ctx, tableId);
}

/**
 * The final's sheet waits for the finalists' choices (rules 1.1.10, 1.1.12): 409 while a finalist
 * still in the event has not chosen, unless staff waived the choices.
 */
export function assertChoicesMade(scope: TableScope): void {
  if (scope.round.kind !== "final" || scope.round.method !== "snake" || scope.table.choicesWaivedAt) return;
  const waiting = scope.seats.filter((s) => s.chosenAt === null && !scope.disqualified.has(s.playerId));
  if (waiting.length === 0) return;
  throw new ServiceError(
    "conflict",
    "choices_pending",
    `The finalists choose turn order, chair and colour by rank before the final is played (rules 1.1.10, 1.1.12), and ${waiting
      .map((s) => `${s.name} (${s.playerId})`)
      .join(
        ", ",
      )} ${waiting.length === 1 ? "has" : "have"} not chosen yet: record the choices (POST /v1/tables/${scope.table.id}/choices), or waive them with a reason (PUT /v1/tables/${scope.table.id}/choices/waiver), then send the sheet.`,
    { rule: "1.1.12" },
  );
}
