/**
 * Rankings computed on read from FINAL result sheets only (docs/rules.md#ranking-a-session,
 * #qualification, #playoffs): one prelim session, the event's qualification (each player's
 * best session), and the event standings after the playoffs. Nothing of a ranking is stored,
 * so a correction re-ranks everyone at once.
 *
 * Every read is exactly two database round trips: the scope (scope.ts: authorise, answer 304)
 * and one batch of selects (data.ts). The split is exported so the HTTP layer can stop after
 * the first; `get*` run both for callers without conditional requests.
 */
import { DomainRuleError } from "../../domain/errors";
import type { ScoredGame } from "../../domain/game-score";
import { computeEventStandings } from "../../domain/playoffs";
import { bestSessionRecords, computeQualification, type SessionResult } from "../../domain/qualification";
import {
  aggregateRecords,
  computeSessionStandings,
  emptyRecord,
  type PlayerRecord,
} from "../../domain/standings";
import {
  describeStructure,
  type EventStructure,
  eventStructure,
  sessionGameCount,
} from "../../domain/structure";
import type { ServiceContext } from "../context";
import {
  type GameFilter,
  loadStandingsData,
  type StandingsData,
  type StoredGame,
  scoreStoredGame,
} from "./data";
import { rowContext, toDisqualifiedRow, toRow } from "./rows";
import type { EventStandingsDto, QualificationDto, SessionStandingsDto } from "./schemas";
import {
  loadEventStandingsScope,
  loadSessionStandingsScope,
  type RankingEvent,
  type SessionStandingsScope,
  type StandingsScope,
} from "./scope";

type Loaded = Awaited<ReturnType<typeof load>>;

async function load(ctx: ServiceContext, event: RankingEvent, filter: GameFilter) {
  const data = await loadStandingsData(ctx, event.id, filter);
  return {
    data,
    rc: rowContext(data, event.lotSeed),
    disqualified: new Set(data.disqualified),
    /** The fields every ranking body starts with. */
    header: {
      eventId: event.id,
      ruleset: event.ruleset,
      lotSeed: event.lotSeed,
      resultsVersion: event.resultsVersion,
      ...describeStructure(data.uniqueParticipants, event.ruleset),
      rounds: data.rounds,
    },
  };
}

function scoreAll(l: Loaded, games: readonly StoredGame[]): ScoredGame[] {
  return games.map((g) => scoreStoredGame(l.header.ruleset, g, l.data.disqualifiedAt));
}

/** Disqualified players with no final game in scope still show up, with an empty record. */
function withoutGames(l: Loaded, records: readonly PlayerRecord[], candidates: Iterable<string>) {
  const listed = new Set(records.map((r) => r.playerId));
  return [...new Set(candidates)].filter((id) => l.disqualified.has(id) && !listed.has(id)).map(emptyRecord);
}

/**
 * A prelim session's records, from its final sheets, and who is out of its ranking: players
 * disqualified from the event or at one of its tables (rule 1.3.6).
 */
function sessionRecords(l: Loaded, games: readonly StoredGame[]) {
  const out = new Set(l.data.disqualified);
  const scored = scoreAll(l, games);
  for (const game of scored) for (const seat of game.seats) if (seat.disqualified) out.add(seat.playerId);
  return { records: aggregateRecords(scored), out };
}

/**
 * Players disqualified after every sheet of this session was signed, elsewhere in the event
 * (docs/rules.md#disqualification): the session's ranking keeps their row, flagged, so no rank
 * of a session scored and signed before moves (rules 1.2.3, 1.3.5). A sheet counts from the
 * moment it first became final; a session with a table not yet final is not signed.
 */
function signedBeforeDisqualification(l: Loaded, sessionId: string) {
  const kept = new Set<string>();
  const rounds = l.data.rounds.filter((r) => r.sessionId === sessionId && r.kind === "prelim");
  if (rounds.length === 0 || rounds.some((r) => r.finalTables < r.tables)) return kept;
  const lastSigned =
    l.data.games
      .map((g) => g.signedAt)
      .sort()
      .at(-1) ?? "";
  for (const [playerId, dq] of l.data.disqualifiedAt) {
    if (dq.sessionId !== sessionId && lastSigned <= dq.at) kept.add(playerId);
  }
  return kept;
}

/** Ranking of the loaded prelim session (rules 1.4.1–1.4.3); `kept` are ranked though disqualified. */
function rankSessionLoaded(l: Loaded, kept: ReadonlySet<string> = new Set()) {
  return computeSessionStandings({
    ruleset: l.header.ruleset,
    games: scoreAll(l, l.data.games),
    disqualifiedPlayerIds: l.data.disqualified.filter((id) => !kept.has(id)),
    lotOf: l.rc.lotOf,
  });
}

/**
 * A session's ranking as domain rows, from the same code as GET …/standings: the game-4 cut
 * and snake seating use it, so the seats always follow the published order.
 */
export async function rankSession(ctx: ServiceContext, event: RankingEvent, sessionId: string) {
  const l = await load(ctx, event, { kind: "session", sessionId });
  return rankSessionLoaded(l);
}

export async function sessionStandings(
  ctx: ServiceContext,
  scope: SessionStandingsScope,
): Promise<SessionStandingsDto> {
  const sessionId = scope.session.id;
  const l = await load(ctx, scope.event, { kind: "session", sessionId });
  const kept = signedBeforeDisqualification(l, sessionId);
  const standings = rankSessionLoaded(l, kept);
  const registered = l.data.registrations.map((r) => r.playerId);
  const noShows = l.data.registrations.filter((r) => r.noShow).map((r) => r.playerId);
  const listed = [...standings.disqualified, ...standings.rows.map((row) => row.record)];
  const dqRecords = [...standings.disqualified, ...withoutGames(l, listed, registered)];
  return {
    ...l.header,
    sessionId,
    sessionName: scope.session.name,
    playerCount: registered.length,
    gamesPlanned: sessionGameCount(registered.length - noShows.length, l.header.ruleset),
    noShows: noShows.map((id) => ({ id, name: l.data.names.get(id) ?? id })),
    rows: standings.rows.map((row) => toRow(row, sessionId, null, kept.has(row.record.playerId), l.rc)),
    disqualified: dqRecords.map((r) => toDisqualifiedRow(r, sessionId, null, l.rc)),
  };
}

function qualify(l: Loaded, structure: EventStructure) {
  const ruleset = l.header.ruleset;
  const gamesBySession = new Map<string, StandingsData["games"]>();
  for (const game of l.data.games) {
    if (game.kind !== "prelim" || game.sessionId === null) continue;
    const list = gamesBySession.get(game.sessionId) ?? [];
    list.push(game);
    gamesBySession.set(game.sessionId, list);
  }
  // Disqualified at a semifinal or final table: the playoffs were seated with them
  // (docs/rules.md#disqualification).
  const seatedThenDisqualified = new Set(
    [...l.data.disqualifiedAt].filter(([, at]) => at.kind !== "prelim").map(([id]) => id),
  );
  const ranked: SessionResult[] = [];
  const out: SessionResult[] = [];
  for (const session of l.data.sessions) {
    // Each player's best session needs the sessions' records, not their order: no ranking here.
    const { records, out: excluded } = sessionRecords(l, gamesBySession.get(session.id) ?? []);
    const counted: PlayerRecord[] = [];
    const disqualified: PlayerRecord[] = [];
    for (const r of records) {
      if (!excluded.has(r.playerId)) counted.push(r);
      else {
        disqualified.push(r);
        if (seatedThenDisqualified.has(r.playerId)) counted.push(r);
      }
    }
    ranked.push({ sessionId: session.id, records: counted });
    out.push({ sessionId: session.id, records: disqualified });
  }
  const { rows } = computeQualification({
    ruleset,
    sessions: ranked,
    qualifierCount: structure.qualifierCount,
    lotOf: l.rc.lotOf,
    excludedPlayerIds: l.data.disqualified.filter((id) => !seatedThenDisqualified.has(id)),
    seatedThenDisqualified: [...seatedThenDisqualified],
  });
  const dqBest = bestSessionRecords(out, ruleset);
  const disqualified = [
    ...dqBest.map((r) => toDisqualifiedRow(r, r.sessionId, false, l.rc)),
    ...withoutGames(l, dqBest, l.data.disqualified).map((r) => toDisqualifiedRow(r, null, false, l.rc)),
  ];
  return { rows, disqualified };
}

/**
 * The qualification ranking as domain rows, from the same code as GET …/qualification: playoff
 * seating uses it, so the seats always follow the published order.
 */
export async function rankQualification(
  ctx: ServiceContext,
  event: RankingEvent,
  uniqueParticipants: number,
) {
  const l = await load(ctx, event, { kind: "prelims" });
  const { rows } = qualify(l, eventStructure(uniqueParticipants, event.ruleset));
  return { rows, lotOf: l.rc.lotOf };
}

/** Each player's best single session over all sessions; the top 16 (or 4) qualify (rule 1.2). */
export async function qualification(ctx: ServiceContext, scope: StandingsScope): Promise<QualificationDto> {
  const l = await load(ctx, scope.event, { kind: "prelims" });
  const { rows, disqualified } = qualify(l, eventStructure(l.data.uniqueParticipants, scope.event.ruleset));
  return {
    ...l.header,
    sessions: l.data.sessions,
    rows: rows.map((row) => toRow(row, row.record.sessionId, row.qualified, false, l.rc)),
    disqualified,
  };
}

/** Final event standings (rule 1.4.4) once playoffs have results; the prelim order before. */
export async function eventStandings(ctx: ServiceContext, scope: StandingsScope): Promise<EventStandingsDto> {
  const l = await load(ctx, scope.event, { kind: "event" });
  const structure = eventStructure(l.data.uniqueParticipants, scope.event.ruleset);
  const q = qualify(l, structure);
  const playoff = (kind: "semifinal" | "final") =>
    scoreAll(
      l,
      l.data.games.filter((g) => g.kind === kind),
    );
  const semifinalGames = playoff("semifinal");
  const finalGame = playoff("final")[0] ?? null;
  // Playoff results that contradict each other can only be in a database written before the
  // phase locks (docs/rules.md#corrections). Readers are not to blame: they get what can be shown, the final
  // or the whole playoffs left out, and the reason under `validity` (never a 4xx).
  const problems: string[] = [];
  let standings: ReturnType<typeof computeEventStandings> | undefined;
  for (const [semis, final, leftOut] of [
    [semifinalGames, finalGame, ""],
    [semifinalGames, null, "the final is left out"],
    [[], null, "the semifinals and the final are left out"],
  ] as const) {
    try {
      standings = computeEventStandings({
        ruleset: l.header.ruleset,
        structure,
        qualificationRows: q.rows,
        semifinalGames: semis,
        finalGame: final,
        lotOf: l.rc.lotOf,
        excludedPlayerIds: l.data.disqualified,
      });
      if (problems.length > 0) problems[0] += `; ${leftOut} until an organiser corrects them.`;
      break;
    } catch (error) {
      if (!(error instanceof DomainRuleError)) throw error;
      if (problems.length === 0) {
        const why = error.issues.map((i) => i.message).join("; ");
        problems.push(`Inconsistent playoff results: ${error.message} (${why})`);
      }
    }
  }
  if (!standings) throw new Error("event standings without playoffs can't contradict the playoffs");
  // A prelim result corrected after the playoffs were seated (before the locks) leaves a seated
  // player outside the qualifiers: the rows stand as played, the body says so.
  const unqualified = standings.rows.filter((r) => r.phase !== "prelim" && !r.qualification.qualified);
  if (unqualified.length > 0) {
    problems.push(
      `Seated in the playoffs but not qualified by the current prelim results: ${unqualified
        .map((r) => l.rc.names.get(r.playerId) ?? r.playerId)
        .join(", ")} (a prelim result was corrected after the playoffs were seated).`,
    );
  }
  return {
    ...l.header,
    valid: l.header.valid && problems.length === 0,
    validity: [...l.header.validity, ...problems],
    phase: standings.phase,
    rows: standings.rows.map((row) => ({
      ...toRow(row, row.qualification.record.sessionId, row.qualification.qualified, false, l.rc),
      phase: row.phase,
      qualificationRank: row.qualification.rank,
      semifinalPlacement: row.semifinalPlacement,
      finalPlacement: row.finalPlacement,
    })),
    disqualified: q.disqualified,
  };
}

export async function getSessionStandings(ctx: ServiceContext, sessionId: string) {
  return sessionStandings(ctx, await loadSessionStandingsScope(ctx, sessionId));
}

export async function getQualification(ctx: ServiceContext, eventId: string) {
  return qualification(ctx, await loadEventStandingsScope(ctx, eventId));
}

export async function getEventStandings(ctx: ServiceContext, eventId: string) {
  return eventStandings(ctx, await loadEventStandingsScope(ctx, eventId));
}
