/**
 * Series standings, computed on read: each event's final positions come from the
 * event-standings service itself (so rule changes there, e.g. disqualifications, carry over),
 * all events in ONE database round trip through coalesced read batches; then the
 * pure series scoring ranks the players. Total: 3 round trips whatever the number of events.
 */
import { computeSeriesStandings, type EventPlacing } from "../../domain/series";
import { type ServiceContext, withCoalescedDatabase } from "../context";
import { ServiceError } from "../errors";
import { type EventStandingsDto, eventStandings, lotsOf, type StandingsScope } from "../standings";
import { loadSeriesScope, type SeriesScope } from "./scope";

/**
 * `counted` once the event's final result is in. No points while `in-progress`, nor from an
 * event whose standings are `invalid` (`valid: false`: under 12 competitors, rule 1.1.3, or
 * playoff results that contradict the prelims) or `inconsistent` (its standings answer 409).
 */
type SeriesEventStatus = "counted" | "in-progress" | "invalid" | "inconsistent";

/** An event's standings, or undefined for one whose playoff results contradict its prelims (409). */
export function standingsUnlessConflict(ctx: ServiceContext, scope: StandingsScope) {
  return eventStandings(ctx, scope).catch((error: unknown) => {
    // One such event must not take a whole circuit (or a player's history) down.
    if (error instanceof ServiceError && error.kind === "conflict") return undefined;
    throw error;
  });
}

/** What the series scoring reads of a row of the event standings. */
export function placingOf(row: EventStandingsDto["rows"][number]): EventPlacing {
  return {
    playerId: row.player.id,
    position: row.rank,
    phase: row.phase,
    qualificationRank: row.qualificationRank,
  };
}

/**
 * An event counts once its final result is in and its standings are valid. Validity is judged
 * once the playoffs are seated: an event still filling its sessions is not yet "under 12".
 */
function seriesStatus(standings: EventStandingsDto): SeriesEventStatus {
  const playoffsSeated = standings.rounds.some((r) => r.kind !== "prelim");
  if (!standings.valid && (playoffsSeated || standings.phase === "final")) return "invalid";
  return standings.phase === "final" ? "counted" : "in-progress";
}

/** The body of `GET /v1/series/{seriesId}/standings` (its schema: the series routes). */
export async function seriesStandings(ctx: ServiceContext, scope: SeriesScope) {
  // Every event through the event-standings service, in one round trip for all.
  const batched = withCoalescedDatabase(ctx);
  const results = await Promise.all(scope.events.map((event) => standingsUnlessConflict(batched, event)));
  const names = new Map<string, string>();
  const finished: { eventId: string; placings: EventPlacing[] }[] = [];
  const events = scope.events.map(({ event }, i) => {
    const result = results[i];
    const status: SeriesEventStatus = result ? seriesStatus(result) : "inconsistent";
    if (result && status === "counted") {
      for (const row of result.rows) names.set(row.player.id, row.player.name);
      finished.push({ eventId: event.id, placings: result.rows.map(placingOf) });
    }
    return {
      id: event.id,
      orgId: event.orgId,
      name: event.name,
      startsOn: event.startsOn,
      visibility: event.visibility,
      status,
      players: result?.rows.length ?? 0,
    };
  });
  const lotOf = lotsOf(scope.series.lotSeed);
  const rows = computeSeriesStandings(scope.series.policy, finished, lotOf);
  return {
    seriesId: scope.series.id,
    orgId: scope.series.orgId,
    name: scope.series.name,
    view: scope.view,
    lotSeed: scope.series.lotSeed,
    policy: scope.series.policy,
    events,
    rows: rows.map((row) => ({
      rank: row.rank,
      player: { id: row.playerId, name: names.get(row.playerId) ?? row.playerId },
      points: row.points,
      eventsCounted: row.eventsCounted,
      eventsDropped: row.eventsDropped,
      eventWins: row.eventWins,
      bestPosition: row.bestPosition,
      contributions: row.contributions.map((c) => ({ ...c })),
      decidedBy: row.decidedBy,
      lot: lotOf(row.playerId),
      qualified: row.qualified,
    })),
  };
}

export async function getSeriesStandings(ctx: ServiceContext, seriesId: string) {
  return seriesStandings(ctx, await loadSeriesScope(ctx, seriesId));
}
