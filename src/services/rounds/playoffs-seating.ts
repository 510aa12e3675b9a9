/**
 * Seating of the semifinals and the final (rules 1.1.5, 1.1.10, 1.1.12; docs/rules.md#playoffs): snake
 * seating by qualification rank, or the semifinal winners; refused until the phase before is over.
 */
import { and, asc, count, countDistinct, eq, isNull } from "drizzle-orm";
import { eventStaff, registrations, rounds, sessions } from "../../db/schema";
import type { Ruleset } from "../../domain/game-score";
import { semifinalStandings } from "../../domain/playoffs";
import { snakeSeating } from "../../domain/snake";
import { eventStructure, sessionGameCount } from "../../domain/structure";
import { type ScopedEvent, writableEvent } from "../access";
import type { ServiceContext } from "../context";
import { exclusionsInForce, refereeWarnings } from "../events";
import { rankQualification, scoreStoredGame } from "../standings";
import {
  conflict,
  eventDisqualifications,
  type LoadedRound,
  loadRounds,
  type RoundDto,
  unfinishedTables,
} from "./read";
import { type NewSeat, seatRanked, snakeTables } from "./write";

const SEMIFINAL_TABLES = 4;

/**
 * What seating a playoff phase reads besides the rankings (standings.ts, the code of the
 * published rankings), in one wave of round trips: N of rule 1.2.2 (unique participants over all
 * sessions), each session's player count (sessions in date order), the prelim rounds, the
 * disqualified players and where each was recorded, whether the event names a referee (rule
 * 1.3.1) and who is excluded from the programme now. 409 when the phase is already seated.
 */
async function playoffReads(ctx: ServiceContext, event: ScopedEvent, kind: "semifinal" | "final") {
  // No-shows are not participants: they count neither in N nor in a session's number of games
  // (docs/rules.md#drops), as in the rankings the seating follows.
  const inEvent = and(eq(sessions.eventId, event.id), isNull(registrations.noShowAt));
  const [[unique], perSession, prelims, disqualified, [existing], [referee], excluded] = await Promise.all([
    ctx.db
      .select({ n: countDistinct(registrations.playerId) })
      .from(registrations)
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .where(inEvent),
    ctx.db
      .select({ sessionId: registrations.sessionId, n: count() })
      .from(registrations)
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .where(inEvent)
      .groupBy(registrations.sessionId)
      .orderBy(asc(sessions.date), asc(sessions.id)),
    loadRounds(ctx, and(eq(rounds.eventId, event.id), eq(rounds.kind, "prelim"))),
    eventDisqualifications(ctx, event.id),
    ctx.db
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.eventId, event.id), eq(rounds.kind, kind))),
    ctx.db
      .select({ playerId: eventStaff.playerId })
      .from(eventStaff)
      .where(and(eq(eventStaff.eventId, event.id), eq(eventStaff.role, "referee")))
      .limit(1),
    exclusionsInForce(ctx, event.ancestry),
  ]);
  if (existing) {
    throw conflict(
      // Spelled out, not built from `kind`: the OpenAPI document finds every code where it is raised.
      kind === "final" ? "final_exists" : "semifinal_exists",
      `The ${kind === "final" ? "final" : "semifinals"} are already seated (round ${existing.id}); remove that round to seat again.`,
    );
  }
  return {
    uniqueParticipants: Number(unique?.n ?? 0),
    registered: new Map(perSession.map((s) => [s.sessionId, Number(s.n)])),
    prelims,
    disqualified,
    referee: referee !== undefined,
    excluded: new Set(excluded.inForce.map((e) => e.playerId)),
  };
}

/**
 * The prelims are over when every session with registered players (`registered`, in date order:
 * the first unfinished one is named) has seated all its games (3, or 4 in an 80+ session) and
 * every table has a final result. A session that will not be played has its registrations
 * withdrawn first.
 */
function assertPrelimsOver(prelims: LoadedRound[], registered: Map<string, number>, ruleset: Ruleset): void {
  const open = unfinishedTables(prelims);
  if (open.length > 0) {
    throw conflict(
      "prelims_unfinished",
      `Every prelim table needs a final result first; still open: ${open.join(", ")}.`,
    );
  }
  for (const [sessionId, n] of registered) {
    const played = prelims.filter((r) => r.round.sessionId === sessionId).length;
    const planned = sessionGameCount(n, ruleset);
    if (played < planned) {
      throw conflict(
        "prelims_incomplete",
        `Session ${sessionId} has played ${played} of its ${planned} prelim games (rule 1.1.5).`,
        "1.1.5",
      );
    }
  }
}

/** A seated playoff round, with what the organiser should know (docs/rules.md#referees). */
type SeatedPlayoffDto = RoundDto & { warnings: ReturnType<typeof refereeWarnings> };

async function seatPlayoff(
  ctx: ServiceContext,
  event: ScopedEvent,
  kind: "semifinal" | "final",
  tables: NewSeat[][],
  referee: boolean,
): Promise<SeatedPlayoffDto> {
  const input = { sessionId: null, kind, number: 1, method: "snake", seed: null, tables } as const;
  // Not a refusal: clients written before rule 1.3.1 was checked keep seating.
  return { ...(await seatRanked(ctx, event, input)), warnings: refereeWarnings(event.id, referee) };
}

/**
 * The qualifiers who take a playoff seat: the top `count` of qualification, passing over a player
 * excluded from the programme when the seating is made (docs/rules.md#sanctions), whose seat goes
 * to the next in the ranking. The ranking itself keeps their result. 409 when fewer qualify;
 * `needs` ends its message.
 */
function seatable<R extends { record: { playerId: string } }>(
  rows: readonly R[],
  excluded: ReadonlySet<string>,
  count: number,
  needs: string,
): R[] {
  const top = rows.filter((r) => !excluded.has(r.record.playerId)).slice(0, count);
  if (top.length < count) {
    throw conflict(
      "not_enough_qualifiers",
      `Only ${top.length} players have a prelim result (disqualified players excluded); ${needs}`,
      "1.1.5",
    );
  }
  return top;
}

/**
 * POST /v1/events/{id}/semifinals: the top 16 of qualification in 4 snake-seated tables
 * (T1: ranks 1, 8, 9, 16 …), each table listed by rank; seedRank = qualification rank.
 */
export async function seatSemifinals(ctx: ServiceContext, eventId: string): Promise<SeatedPlayoffDto> {
  const { event } = await writableEvent(ctx, eventId, "seating:write");
  const { uniqueParticipants, registered, prelims, referee, excluded } = await playoffReads(
    ctx,
    event,
    "semifinal",
  );
  const structure = eventStructure(uniqueParticipants, event.ruleset);
  if (structure.kind === "final-only") {
    throw conflict(
      "no_semifinals",
      `With ${uniqueParticipants} participants the top 4 go straight to the final (rule 1.1.5: semifinals from 29 players); seat it with POST /v1/events/${eventId}/final.`,
      "1.1.5",
    );
  }
  assertPrelimsOver(prelims, registered, event.ruleset);
  const { rows } = await rankQualification(ctx, event, uniqueParticipants);
  const needs = `the semifinals need ${structure.qualifierCount} (rule 1.1.5).`;
  const qualified = seatable(rows, excluded, structure.qualifierCount, needs);
  return seatPlayoff(ctx, event, "semifinal", snakeTables(qualified, SEMIFINAL_TABLES), referee);
}

/**
 * POST /v1/events/{id}/final: the 4 semifinal winners once all 4 semifinal tables are final,
 * ranked by the chain over their qualifying session plus their semifinal (rule 1.4.4); without
 * semifinals (12–28 players), the top 4 of qualification. seedRank is that rank.
 */
export async function seatFinal(ctx: ServiceContext, eventId: string): Promise<SeatedPlayoffDto> {
  const { event } = await writableEvent(ctx, eventId, "seating:write");
  // The semifinals are read with the checks' reads: one wave of round trips.
  const [{ uniqueParticipants, registered, prelims, disqualified, referee, excluded }, [semifinal]] =
    await Promise.all([
      playoffReads(ctx, event, "final"),
      loadRounds(ctx, and(eq(rounds.eventId, eventId), eq(rounds.kind, "semifinal"))),
    ]);
  const structure = eventStructure(uniqueParticipants, event.ruleset);
  assertPrelimsOver(prelims, registered, event.ruleset);
  const { rows, lotOf } = await rankQualification(ctx, event, uniqueParticipants);

  if (structure.kind === "final-only") {
    const top = seatable(rows, excluded, structure.qualifierCount, "the final needs 4.");
    return seatPlayoff(ctx, event, "final", snakeTables(top, 1), referee);
  }

  if (!semifinal) {
    throw conflict(
      "semifinals_not_seated",
      `With ${uniqueParticipants} participants the final is played by the 4 semifinal winners; seat the semifinals first (POST /v1/events/${eventId}/semifinals).`,
      "1.1.10",
    );
  }
  const open = semifinal.tables.filter((t) => t.result?.status !== "final").map((t) => t.number);
  if (open.length > 0) {
    throw conflict(
      "semifinals_unfinished",
      `The final is seated once all 4 semifinal tables have a final result; still open: table ${open.join(", table ")}.`,
      "1.1.10",
    );
  }
  // Every semifinal table is final here. Scored exactly as the rankings score a stored sheet, so
  // seating and rankings agree.
  const games = semifinal.tables.map((t) => {
    const { winnerId, scores } = t.result!;
    const seatPlayerIds = t.seats.map((s) => s.playerId);
    return scoreStoredGame(event.ruleset, { tableId: t.id, winnerId, scores, seatPlayerIds }, disqualified);
  });
  const { winners } = semifinalStandings({
    ruleset: event.ruleset,
    games,
    qualifyingRecords: rows.map((r) => r.record),
    lotOf,
  });
  const tables = snakeSeating(winners, 1).map((table) =>
    table.map((w) => ({ playerId: w.playerId, seedRank: w.position })),
  );
  return seatPlayoff(ctx, event, "final", tables, referee);
}
