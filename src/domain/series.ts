/**
 * Series (circuit) scoring: points per event from the event's final standings, a player's best
 * N events counted, then the series' tiebreak chain ending in the series' own lots. Pure: the
 * event standings come in already ranked (the event-standings service decides positions).
 */
import { compareIds } from "./standings";

export const SERIES_TIEBREAKS = ["eventWins", "bestPosition", "eventsPlayed", "lots"] as const;
export type SeriesTiebreak = (typeof SERIES_TIEBREAKS)[number];
export type SeriesCriterion = "points" | SeriesTiebreak;

export interface QualificationBand {
  /** Qualification ranks `from`–`to` (inclusive) of the event. */
  readonly from: number;
  readonly to: number;
  readonly points: number;
}

export interface SeriesPolicy {
  /** Points by final event position: index 0 is the winner of the event. */
  readonly positionPoints: readonly number[];
  /** For every player who played a semifinal (a finalist takes their position's points if larger). */
  readonly semifinalistPoints: number;
  /** Points by qualification rank (rule 1.2: best single session), e.g. for prelim-only players. */
  readonly qualificationBands: readonly QualificationBand[];
  /** For every ranked player of a finished event. */
  readonly participationPoints: number;
  /** How many of a player's best events count; null: all. */
  readonly bestOf: number | null;
  /** After points, in order; always ends with `lots`. */
  readonly tiebreaks: readonly SeriesTiebreak[];
  /** The top `top` players qualify (e.g. for the national final); null: no cut. */
  readonly cut: { readonly top: number; readonly label: string | null } | null;
}

/**
 * The documented default (docs/guides/federations.md#series-circuits): a championship-style table where a final seat is
 * worth clearly more than a semifinal, and every finished event gives something.
 */
export const DEFAULT_SERIES_POLICY: SeriesPolicy = {
  positionPoints: [100, 75, 60, 50],
  semifinalistPoints: 30,
  qualificationBands: [
    { from: 1, to: 16, points: 20 },
    { from: 17, to: 32, points: 10 },
  ],
  participationPoints: 5,
  bestOf: null,
  tiebreaks: ["eventWins", "bestPosition", "lots"],
  cut: null,
};

/** One ranked row of an event's final standings, as the event-standings service gives it. */
export interface EventPlacing {
  readonly playerId: string;
  readonly position: number;
  readonly phase: "prelim" | "semifinal" | "final";
  readonly qualificationRank: number;
}

interface SeriesEventInput {
  readonly eventId: string;
  readonly placings: readonly EventPlacing[];
}

/** The largest of the position, semifinalist, qualification-band and participation points. */
export function eventPoints(policy: SeriesPolicy, placing: EventPlacing): number {
  const candidates = [policy.participationPoints, policy.positionPoints[placing.position - 1] ?? 0];
  if (placing.phase !== "prelim") candidates.push(policy.semifinalistPoints);
  for (const band of policy.qualificationBands) {
    if (placing.qualificationRank >= band.from && placing.qualificationRank <= band.to)
      candidates.push(band.points);
  }
  return Math.max(...candidates);
}

type Tally = ReturnType<typeof tally>;

function tally(
  policy: SeriesPolicy,
  playerId: string,
  placings: { eventIndex: number; eventId: string; placing: EventPlacing }[],
) {
  const scored = placings.map((p) => ({ ...p, points: eventPoints(policy, p.placing) }));
  // Best N by points; on equal points the earlier event counts (a stable, documented choice).
  const order = [...scored].sort((a, b) => b.points - a.points || a.eventIndex - b.eventIndex);
  const counted = new Set(order.slice(0, policy.bestOf ?? order.length).map((p) => p.eventIndex));
  const contributions = scored.map((p) => ({
    eventId: p.eventId,
    position: p.placing.position,
    phase: p.placing.phase,
    qualificationRank: p.placing.qualificationRank,
    points: p.points,
    counted: counted.has(p.eventIndex),
  }));
  return {
    playerId,
    points: contributions.filter((c) => c.counted).reduce((sum, c) => sum + c.points, 0),
    eventWins: contributions.filter((c) => c.position === 1).length,
    bestPosition: Math.min(...contributions.map((c) => c.position)),
    eventsPlayed: contributions.length,
    contributions,
  };
}

/** Negative when `a` ranks above `b` on this criterion, 0 when equal. */
function compareOn(criterion: SeriesCriterion, a: Tally, b: Tally, lotOf: (id: string) => string): number {
  switch (criterion) {
    case "points":
      return b.points - a.points;
    case "eventWins":
      return b.eventWins - a.eventWins;
    case "bestPosition":
      return a.bestPosition - b.bestPosition;
    case "eventsPlayed":
      return b.eventsPlayed - a.eventsPlayed;
    case "lots":
      return compareIds(lotOf(a.playerId), lotOf(b.playerId)) || compareIds(a.playerId, b.playerId);
  }
}

/**
 * Ranks every player placed in at least one of the events (given in series order). `lotOf`
 * gives each player's lot from the series' seed: the lower lot ranks higher.
 */
export function computeSeriesStandings(
  policy: SeriesPolicy,
  events: readonly SeriesEventInput[],
  lotOf: (playerId: string) => string,
) {
  const byPlayer = new Map<string, { eventIndex: number; eventId: string; placing: EventPlacing }[]>();
  events.forEach((event, eventIndex) => {
    for (const placing of event.placings) {
      const list = byPlayer.get(placing.playerId) ?? [];
      list.push({ eventIndex, eventId: event.eventId, placing });
      byPlayer.set(placing.playerId, list);
    }
  });
  const chain: SeriesCriterion[] = ["points", ...policy.tiebreaks.filter((t) => t !== "lots"), "lots"];
  const tallies = [...byPlayer].map(([playerId, placings]) => tally(policy, playerId, placings));
  tallies.sort((a, b) => {
    for (const criterion of chain) {
      const c = compareOn(criterion, a, b, lotOf);
      if (c !== 0) return c;
    }
    return 0;
  });
  return tallies.map((t, i) => {
    const next = tallies[i + 1];
    const decidedBy = next ? (chain.find((c) => compareOn(c, t, next, lotOf) !== 0) ?? "lots") : null;
    const eventsCounted = t.contributions.filter((c) => c.counted).length;
    return {
      rank: i + 1,
      playerId: t.playerId,
      points: t.points,
      eventsCounted,
      eventsDropped: t.contributions.length - eventsCounted,
      eventWins: t.eventWins,
      bestPosition: t.bestPosition,
      contributions: t.contributions,
      decidedBy,
      qualified: policy.cut ? i < policy.cut.top : null,
    };
  });
}
