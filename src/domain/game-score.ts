/**
 * Scoring of one finished table (docs/rules.md#one-game, rules 1.1.11, 1.4.2, 1.4.3): validation of the
 * reported sheet, counted VP, table total (with the 2026 fictitious 4th score), VP shares
 * and placements. Everything that later ranks players is derived from a ScoredGame.
 */
import { type DomainIssue, GameResultError } from "./errors";
import { type Fraction, fraction } from "./fraction";

export type Ruleset = "2026" | "legacy";

export interface GameInput {
  readonly ruleset: Ruleset;
  /** The table's players in turn order (3 or 4). */
  readonly seatPlayerIds: readonly string[];
  readonly scores: readonly Pick<ScoredSeat, "playerId" | "vp">[];
  readonly winnerId: string;
  readonly disqualifiedPlayerIds?: readonly string[];
}

export interface ScoredSeat {
  readonly playerId: string;
  /** VP as reported on the sheet. */
  readonly vp: number;
  /** min(vp, 10): what ranking uses (rule 1.4.2). */
  readonly counted: number;
  /** counted / tableTotal (rule 1.4.3). */
  readonly share: Fraction;
  /** 1..4; equal counted VP share the higher place. Disqualified seats come after all others. */
  readonly placement: number;
  readonly win: boolean;
  readonly disqualified: boolean;
}

export interface ScoredGame {
  /** In seat (turn) order. */
  readonly seats: readonly ScoredSeat[];
  readonly tableTotal: number;
  /** The 2026 fictitious 4th score at a 3-player table; null otherwise. */
  readonly fictitiousFourth: number | null;
}

const MAX_COUNTED_VP = 10;
const WINNING_VP = 10;
const MIN_NON_WINNER_VP = 2;
const MAX_REPORTED_VP = 20;

function seatLabel(seatIndex: number, playerId: string): string {
  return seatIndex >= 0 ? `seat ${seatIndex + 1} (player ${playerId})` : `player ${playerId}`;
}

/** What is wrong with a seat's reported VP, if anything. */
function vpIssue(vp: number, label: string, isWinner: boolean, isDisqualified: boolean): string | undefined {
  if (typeof vp !== "number" || !Number.isInteger(vp) || vp < 0) {
    return `${label}: VP must be a whole number ≥ 0, got ${vp} (docs/rules.md#one-game)`;
  }
  if (vp > MAX_REPORTED_VP) {
    return `${label}: ${vp} VP is above the maximum of ${MAX_REPORTED_VP} anyone can report (docs/rules.md#one-game)`;
  }
  if (isWinner && vp < WINNING_VP) {
    return `${label} is the winner but has ${vp} VP; a game is won by reaching ${WINNING_VP} VP (rule 1.1.11)`;
  }
  if (!isWinner && !isDisqualified && vp < MIN_NON_WINNER_VP) {
    return `${label}: ${vp} VP is below ${MIN_NON_WINNER_VP}; a non-winner has ${MIN_NON_WINNER_VP}–${MAX_REPORTED_VP} VP, the two starting settlements can't be lost (docs/rules.md#one-game)`;
  }
  // No upper bound below 20 for a non-winner: one who reaches 10 without declaring victory on
  // their turn can't win before their next turn (rule 3.0.17), so another player may win first.
  return undefined;
}

/**
 * Checks a reported result against docs/rules.md#one-game and throws a GameResultError listing every
 * violation at once, so a scorer can fix the sheet in one round trip.
 */
export function validateGameResult(input: GameInput): void {
  const issues: DomainIssue[] = [];
  const seats = input.seatPlayerIds;
  const disqualified = new Set(input.disqualifiedPlayerIds ?? []);
  if (seats.length < 3 || seats.length > 4) {
    issues.push({
      path: "seatPlayerIds",
      message: `a table seats 3 or 4 players, got ${seats.length} (rule 1.1.7)`,
    });
  }
  seats.forEach((id, i) => {
    if (seats.indexOf(id) < i)
      issues.push({ path: `seatPlayerIds[${i}]`, message: `player ${id} is seated twice` });
  });
  (input.disqualifiedPlayerIds ?? []).forEach((id, i, listed) => {
    const path = `disqualifiedPlayerIds[${i}]`;
    if (!seats.includes(id)) {
      issues.push({
        path,
        message: `player ${id} is disqualified but not seated at this table (rule 1.3.6)`,
      });
    } else if (listed.indexOf(id) < i) {
      issues.push({ path, message: `${seatLabel(seats.indexOf(id), id)} is listed as disqualified twice` });
    }
  });

  const winnerId = input.winnerId;
  const winnerIssue =
    typeof winnerId !== "string" || winnerId === ""
      ? "no winner given; every finished table has exactly one winner (rule 1.1.11)"
      : !seats.includes(winnerId)
        ? `winner ${winnerId} is not seated at this table (rule 1.1.11)`
        : disqualified.has(winnerId)
          ? `${seatLabel(seats.indexOf(winnerId), winnerId)} is disqualified and can't be the winner (rule 1.3.6)`
          : undefined;
  if (winnerIssue) issues.push({ path: "winnerId", message: winnerIssue });

  const reported = new Set<string>();
  input.scores.forEach((score, i) => {
    const id = score.playerId;
    const seatIndex = seats.indexOf(id);
    if (seatIndex < 0) {
      issues.push({ path: `scores[${i}].playerId`, message: `player ${id} is not seated at this table` });
    } else if (reported.has(id)) {
      issues.push({
        path: `scores[${i}].playerId`,
        message: `${seatLabel(seatIndex, id)} has more than one score`,
      });
    }
    reported.add(id);
    // A stranger's VP is still range-checked so that every problem is reported at once.
    const vp = vpIssue(score.vp, seatLabel(seatIndex, id), id === winnerId, disqualified.has(id));
    if (vp) issues.push({ path: `scores[${i}].vp`, message: vp });
  });
  seats.forEach((id, i) => {
    if (!reported.has(id)) {
      issues.push({
        path: "scores",
        message: `${seatLabel(i, id)} has no score; every seat must be reported`,
      });
    }
  });

  if (issues.length > 0) throw new GameResultError(issues);
}

/** Nearest integer of n/3, .5 up (rule 1.4.3), in integers so no float rounding can creep in. */
function roundHalfUpThird(sum: number): number {
  return Math.floor((2 * sum + 3) / 6);
}

type BaseSeat = Omit<ScoredSeat, "share" | "placement">;

/**
 * 1 + the number of seats strictly ahead: the winner first, then non-disqualified seats, then
 * counted VP. Counting "strictly ahead" is what makes equal VP share the higher place.
 */
function placementOf(seat: BaseSeat, all: readonly BaseSeat[]): number {
  let ahead = 0;
  for (const other of all) {
    if (other === seat) continue;
    if (other.win !== seat.win) {
      if (other.win) ahead++;
    } else if (other.disqualified !== seat.disqualified) {
      if (!other.disqualified) ahead++;
    } else if (other.counted > seat.counted) {
      ahead++;
    }
  }
  return ahead + 1;
}

/**
 * Scores a valid table. Decisions (docs/rules.md#one-game, §7):
 * - A disqualified player's counted VP stays in the table total: the game was played with them
 *   and the others' shares should reflect that game. Standings drop the player later.
 * - A disqualified player forfeits their place: they are placed after every other seat, so the
 *   others' 2nd/3rd places are not taken by someone who is out of the event.
 */
export function scoreGame(input: GameInput): ScoredGame {
  validateGameResult(input);
  const disqualified = new Set(input.disqualifiedPlayerIds ?? []);
  const vpById = new Map(input.scores.map((s) => [s.playerId, s.vp]));

  const base: BaseSeat[] = input.seatPlayerIds.map((playerId) => {
    const vp = vpById.get(playerId)!;
    return {
      playerId,
      vp,
      counted: Math.min(vp, MAX_COUNTED_VP),
      win: playerId === input.winnerId,
      disqualified: disqualified.has(playerId),
    };
  });

  const sum = base.reduce((acc, s) => acc + s.counted, 0);
  const fictitiousFourth = input.ruleset === "2026" && base.length === 3 ? roundHalfUpThird(sum) : null;
  const tableTotal = sum + (fictitiousFourth ?? 0);

  // Fields spelled out rather than spread: object spread here was the hot spot of scoring.
  const seats: ScoredSeat[] = base.map((seat) => ({
    playerId: seat.playerId,
    vp: seat.vp,
    counted: seat.counted,
    share: fraction(seat.counted, tableTotal),
    placement: placementOf(seat, base),
    win: seat.win,
    disqualified: seat.disqualified,
  }));
  return { seats, tableTotal, fictitiousFourth };
}
