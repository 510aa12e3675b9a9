/**
 * Phase locks (docs/rules.md#people-and-results, rules 1.3.5, 1.4.4): once a later phase is seated, the results it
 * was seated from are locked, so a correction can never leave the event inconsistent (a
 * semifinal winner who is not in the final, a seated semifinalist who no longer qualifies).
 * The way out is explicit: remove the later seating while it has no result, correct, seat again.
 */
import { and, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { disqualifications, gameTables, rounds, tableResults } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import type { TableScope } from "./scope";

type Kind = TableScope["round"]["kind"];

/** Spelled out: inside the subquery an unqualified `id` would not be the outer round's. */
const ROUND_ID = sql.raw('"rounds"."id"');
const tableRound = alias(rounds, "table_round");

/**
 * The seated rounds that lock earlier results, of the events of these tables: the playoffs and
 * every snake-seated game 4 of an 80+ session (cut and seated from games 1–3, rule 1.1.5), with
 * how many results and disqualifications each has: what a phase lock is decided from. Part of the table scope's batch, so a lock costs
 * no round trip of its own.
 */
export function playoffRoundsQuery(ctx: ServiceContext, tableIds: readonly string[]) {
  const tableEvents = ctx.db
    .select({ eventId: tableRound.eventId })
    .from(gameTables)
    .innerJoin(tableRound, eq(tableRound.id, gameTables.roundId))
    .where(inArray(gameTables.id, [...tableIds]));
  return ctx.db
    .select({
      eventId: rounds.eventId,
      id: rounds.id,
      kind: rounds.kind,
      sessionId: rounds.sessionId,
      number: rounds.number,
      results: count(tableResults.tableId),
      disqualifications: sql<number>`(select count(*) from ${disqualifications} d join ${gameTables} g on g.id = d.table_id where g.round_id = ${ROUND_ID})`,
    })
    .from(rounds)
    .leftJoin(gameTables, eq(gameTables.roundId, rounds.id))
    .leftJoin(tableResults, eq(tableResults.tableId, gameTables.id))
    .where(
      and(inArray(rounds.eventId, tableEvents), or(ne(rounds.kind, "prelim"), eq(rounds.method, "snake"))),
    )
    .groupBy(rounds.id);
}

export type PlayoffRound = Awaited<ReturnType<typeof playoffRoundsQuery>>[number];

/** The phases seated from a phase's results: prelims seat the playoffs, the semifinals the final. */
const LATER: Record<Kind, Kind[]> = { prelim: ["semifinal", "final"], semifinal: ["final"], final: [] };
/** A seated round as a subject (with its verb's number). */
const ROUND: Record<Kind, { name: string; plural: boolean }> = {
  prelim: { name: "game 4", plural: false },
  semifinal: { name: "the semifinals", plural: true },
  final: { name: "the final", plural: false },
};

/**
 * 409 `phase_locked` when a later phase of the table's event is seated. `what` names the refused
 * change ("a correction", "a disqualification"). The detail names the seated rounds and the way out,
 * latest first (the semifinals can only be removed once the final is).
 */
export function assertPhaseOpen(scope: TableScope, what: string): void {
  // The rounds seated from this table's results: the later playoff phases and, for a game 1–3
  // table, its session's snake-seated game 4 (docs/rules.md#corrections).
  const later = LATER[scope.round.kind];
  const seated = scope.playoffRounds
    .filter((r) =>
      r.kind === "prelim"
        ? scope.round.kind === "prelim" &&
          r.sessionId === scope.round.sessionId &&
          r.number > scope.round.number
        : later.includes(r.kind),
    )
    .sort((a, b) => (a.kind === "final" ? 0 : 1) - (b.kind === "final" ? 0 : 1));
  if (seated.length === 0) return;

  // The table's phase as an adjective.
  const phase = scope.round.kind;
  const names = seated.map((r) => `${ROUND[r.kind].name} (round ${r.id})`).join(" and ");
  const are = seated.length > 1 || ROUND[seated[0]!.kind].plural ? "are" : "is";
  // Rounds are removed latest first, and only while none of their tables has a result or a
  // disqualification (DELETE /v1/rounds/{id}); once one has, the earlier results stay as signed.
  const played = seated.find((r) => Number(r.results) > 0 || Number(r.disqualifications) > 0);
  const wayOut = played
    ? `The way out (remove the later seating while it has no result, correct, seat again) is closed: ${ROUND[played.kind].name} already ${ROUND[played.kind].plural ? "have" : "has"} a result or a disqualification, so this sheet stays as signed.`
    : `To change it, remove the later seating while it has no result (${seated
        .map((r) => `DELETE /v1/rounds/${r.id}`)
        .join(", then ")}), correct this table, then seat ${seated.length > 1 ? "them" : "it"} again.`;
  throw new ServiceError(
    "conflict",
    "phase_locked",
    `${names.charAt(0).toUpperCase()}${names.slice(1)} ${are} seated from the ${phase} results, so this ${phase} table is locked: ${what} here would leave the event inconsistent (rules 1.3.5, 1.4.4). ${wayOut}`,
    { rule: "1.3.5" },
  );
}
