/**
 * Prelim schedule (rule 1.1.6, docs/rules.md#prelim-schedule): who sits at which table, in which turn order,
 * for each prelim game seated by the organiser's software. Priorities, in order: different
 * opponents, rotating turn positions (position 1 spread fairly), avoid pairs apart.
 */

import { type DomainIssue, DomainRuleError, summaryOf } from "./errors";
import { createRandom } from "./random";
import { type AvoidPair, evaluateSchedule, type Round, type ScheduleQuality } from "./schedule-quality";
import { searchSchedule } from "./schedule-search";
import { splitTables } from "./tables";

export type { AvoidPair, Round, ScheduleQuality };
export { evaluateSchedule };

/** More games than this in one session is certainly an input error (the rules have 3 or 4). */
const MAX_SCHEDULE_ROUNDS = 16;

/** The schedule request or a hand-made round is inconsistent with the session's players. */
export class ScheduleError extends DomainRuleError {
  constructor(issues: readonly DomainIssue[]) {
    super(summaryOf("Invalid seating", issues), { code: "invalid_schedule", rule: "1.1.6", issues });
    this.name = "ScheduleError";
  }
}

interface ScheduleInput {
  /** Players to seat; order does not matter (the result depends only on the set and the seed). */
  readonly playerIds: readonly string[];
  /** Total games of the schedule, usually 3, previous rounds included. */
  readonly rounds: number;
  /**
   * Rounds already played or committed, kept as they are; later rounds avoid repeating them.
   * They may mention players who left; players who joined late simply have no history.
   */
  readonly previousRounds?: readonly Round[];
  /** Friends and family to keep apart; pairs naming unknown players are ignored. */
  readonly avoidPairs?: readonly AvoidPair[];
  /** Same seed and input, same schedule, on every platform. */
  readonly seed: string;
}

/**
 * Seats every remaining round (rounds − previousRounds.length), table sizes from splitTables.
 * All remaining rounds are planned together, so none is left with only bad choices.
 */
export function generateSchedule(input: ScheduleInput): Round[] {
  const previous = input.previousRounds ?? [];
  checkInput(input, previous);
  const freeRounds = input.rounds - previous.length;
  if (freeRounds === 0) return [];
  return seatByIds(input.playerIds, previous, freeRounds, input.avoidPairs ?? [], input.seed);
}

/**
 * The schedule search on ids: `freeRounds` games of the players after `history`, table sizes
 * from splitTables. Players are numbered in sorted id order, so the input order does not matter.
 */
export function seatByIds(
  playerIds: readonly string[],
  history: readonly Round[],
  freeRounds: number,
  avoidPairs: readonly AvoidPair[],
  seed: string,
  maxIterations?: number,
): Round[] {
  const ids = [...playerIds].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const indexOf = (id: string) => index.get(id) ?? -1;
  const seated = searchSchedule({
    playerCount: ids.length,
    tableSizes: splitTables(ids.length),
    fixedRounds: history.map((round) => round.map((table) => table.map(indexOf))),
    freeRounds,
    avoidPairs: avoidPairs.flatMap(([a, b]) =>
      index.has(a) && index.has(b) && a !== b ? [[indexOf(a), indexOf(b)] as const] : [],
    ),
    random: createRandom(seed),
    maxIterations,
  });
  return seated.map((round) => round.map((table) => table.map((i) => ids[i]!)));
}

/**
 * The next round only. It is taken from a plan of all remaining rounds, so seating round by
 * round reaches the quality of seating all rounds at once (docs/rules.md, prelim schedule).
 */
export function generateNextRound(input: ScheduleInput): Round {
  const previous = input.previousRounds ?? [];
  if (Number.isInteger(input.rounds) && previous.length >= input.rounds) {
    throw new ScheduleError([
      { path: "rounds", message: `all ${input.rounds} rounds of the session are already seated` },
    ]);
  }
  return generateSchedule(input)[0]!;
}

function checkInput(input: ScheduleInput, previous: readonly Round[]): void {
  const issues: DomainIssue[] = [];
  const { rounds } = input;
  if (!Number.isInteger(rounds) || rounds < 0 || rounds > MAX_SCHEDULE_ROUNDS) {
    issues.push({ path: "rounds", message: `rounds must be an integer from 0 to ${MAX_SCHEDULE_ROUNDS}` });
  } else if (previous.length > rounds) {
    issues.push({
      path: "previousRounds",
      message: `${previous.length} rounds already seated, more than the ${rounds} of the session`,
    });
  }
  const seen = new Set<string>();
  input.playerIds.forEach((id, i) => {
    if (seen.has(id)) issues.push({ path: `playerIds[${i}]`, message: `player ${id} is listed twice` });
    seen.add(id);
  });
  for (const [r, round] of previous.entries()) issues.push(...duplicateSeats(round, `previousRounds[${r}]`));
  if (issues.length > 0) throw new ScheduleError(issues);
}

function duplicateSeats(round: Round, path: string): DomainIssue[] {
  const issues: DomainIssue[] = [];
  const seen = new Set<string>();
  round.forEach((table, t) => {
    table.forEach((id, p) => {
      if (seen.has(id)) {
        issues.push({ path: `${path}[${t}][${p}]`, message: `player ${id} is seated twice in one round` });
      }
      seen.add(id);
    });
  });
  return issues;
}

/**
 * Checks a hand-made round (tables of ids in turn order) for the given players: everyone
 * seated exactly once, nobody unknown, table sizes as splitTables (rule 1.1.7: the same split
 * for every round). Throws ScheduleError listing every problem; quality is evaluateSchedule's job.
 */
export function validateRound(round: Round, playerIds: readonly string[]): void {
  const issues = duplicateSeats(round, "tables");
  const known = new Set(playerIds);
  const seated = new Set<string>();
  round.forEach((table, t) => {
    table.forEach((id, p) => {
      if (!known.has(id))
        issues.push({ path: `tables[${t}][${p}]`, message: `player ${id} is not in the session` });
      seated.add(id);
    });
  });
  for (const id of known) {
    if (!seated.has(id)) issues.push({ path: "tables", message: `player ${id} has no seat` });
  }
  const expected = splitTables(known.size);
  const sizes = round.map((table) => table.length).sort((a, b) => b - a);
  if (sizes.join() !== expected.join()) {
    issues.push({
      path: "tables",
      message: `table sizes ${sizes.join("+")} differ from ${expected.join("+")} for ${known.size} players (rule 1.1.7)`,
    });
  }
  if (issues.length > 0) throw new ScheduleError(issues);
}
