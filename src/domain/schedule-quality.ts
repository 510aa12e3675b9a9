/**
 * Quality of a prelim schedule against rule 1.1.6 (docs/rules.md#prelim-schedule), for generated and
 * hand-made seatings alike. Works on ids only, so any schedule can be checked.
 */

/** Player ids of one table in turn order (index 0 = position 1). */
export type Table = readonly string[];
/** The tables of one round (one game). */
export type Round = readonly Table[];
/** Two players (friends, family) who should not share a table. */
export type AvoidPair = readonly [string, string];

export interface ScheduleQuality {
  /**
   * Repeated opponent meetings: the sum over every pair of players of max(0, meetings − 1).
   * A pair that met twice counts 1, three times counts 2. 0 means nobody met anyone twice.
   */
  repeatedPairs: number;
  /** The most games any one pair of players shared a table (1 when nobody met twice, 0 if empty). */
  maxMeetings: number;
  /** Players who had the same turn position (1st, 2nd, …) in two or more games. */
  seatRepeats: number;
  /** Avoid pairs seated at the same table, counted once per game in which it happens. */
  avoidViolations: number;
  /**
   * Fairness of going first: the most minus the fewest games any seated player had turn
   * position 1. 0 or 1 is as fair as the table count allows.
   */
  positionOneSpread: number;
}

/** Order-free key of a pair of ids; NUL cannot occur in a printable id. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Measures a schedule (any table sizes) against rule 1.1.6; nothing is modified. */
export function evaluateSchedule(
  rounds: readonly Round[],
  avoidPairs: readonly AvoidPair[] = [],
): ScheduleQuality {
  // An avoid pair listed twice (or both ways round) is still one pair.
  const avoidKeys = new Set(avoidPairs.filter(([a, b]) => a !== b).map(([a, b]) => pairKey(a, b)));
  let avoidViolations = 0;
  const meetings = new Map<string, number>();
  const positions = new Map<string, Map<number, number>>();
  for (const round of rounds) {
    for (const table of round) {
      for (let i = 0; i < table.length; i++) {
        const player = table[i]!;
        let seen = positions.get(player);
        if (!seen) {
          seen = new Map();
          positions.set(player, seen);
        }
        seen.set(i, (seen.get(i) ?? 0) + 1);
        for (let j = i + 1; j < table.length; j++) {
          const key = pairKey(player, table[j]!);
          meetings.set(key, (meetings.get(key) ?? 0) + 1);
          if (avoidKeys.has(key)) avoidViolations++;
        }
      }
    }
  }

  let repeatedPairs = 0;
  let maxMeetings = 0;
  for (const count of meetings.values()) {
    repeatedPairs += Math.max(0, count - 1);
    maxMeetings = Math.max(maxMeetings, count);
  }

  let seatRepeats = 0;
  let mostFirst = 0;
  let fewestFirst = Number.POSITIVE_INFINITY;
  for (const seen of positions.values()) {
    if ([...seen.values()].some((count) => count > 1)) seatRepeats++;
    const first = seen.get(0) ?? 0;
    mostFirst = Math.max(mostFirst, first);
    fewestFirst = Math.min(fewestFirst, first);
  }

  return {
    repeatedPairs,
    maxMeetings,
    seatRepeats,
    avoidViolations,
    positionOneSpread: positions.size === 0 ? 0 : mostFirst - fewestFirst,
  };
}
