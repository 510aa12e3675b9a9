/**
 * The championship's timers (docs/rules.md#timers, rules 1.1.8, 1.1.9, 1.1.11). Board study and
 * placement are the rules' own figures, never settings; the turn timers are the rules' figures
 * at most: an event may shorten them to keep its schedule, never lengthen them.
 */

/** Rule 1.1.8: 5 minutes, global; it may end early when every player agrees. */
export const BOARD_STUDY_SECONDS = 300;
/** Rule 1.1.9: 2 minutes per placement, 3 for a double placement. */
export const PLACEMENT_SECONDS = 120;
export const DOUBLE_PLACEMENT_SECONDS = 180;
/** Rule 1.1.11 option 1: a tournament timer of 90 s a turn with a 10-minute bank. */
export const BANK_TURN_SECONDS = 90;
export const BANK_SECONDS = 600;
/** Rule 1.1.11 option 2: 2-minute turns after one hour of play. */
export const TIMED_TURN_SECONDS = 120;
const TIMED_AFTER_MINUTES = 60;

export type TurnTimer =
  | { mode: "bank"; turnSeconds: number; bankSeconds: number }
  | { mode: "after-one-hour"; afterMinutes: number; turnSeconds: number };

export const DEFAULT_TURN: TurnTimer = {
  mode: "bank",
  turnSeconds: BANK_TURN_SECONDS,
  bankSeconds: BANK_SECONDS,
};

const clamp = (value: unknown, max: number, fallback: number): number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? Math.min(value, max) : fallback;

/**
 * A turn timer within the rules: what was stored, each figure at most the rule's (events stored
 * before the limits existed may hold longer ones).
 */
export function turnWithinRules(stored: unknown): TurnTimer {
  const turn = stored as Partial<TurnTimer> | null | undefined;
  if (turn?.mode === "after-one-hour") {
    return {
      mode: "after-one-hour",
      afterMinutes: clamp(turn.afterMinutes, Number.MAX_SAFE_INTEGER, TIMED_AFTER_MINUTES),
      turnSeconds: clamp(turn.turnSeconds, TIMED_TURN_SECONDS, TIMED_TURN_SECONDS),
    };
  }
  if (turn?.mode === "bank") {
    return {
      mode: "bank",
      turnSeconds: clamp(turn.turnSeconds, BANK_TURN_SECONDS, BANK_TURN_SECONDS),
      bankSeconds: clamp(turn.bankSeconds, BANK_SECONDS, BANK_SECONDS),
    };
  }
  return DEFAULT_TURN;
}

/** The timers an event publishes: the rules' fixed figures and its turn timer. */
export function publishedTimers(stored: unknown) {
  return {
    boardStudySeconds: BOARD_STUDY_SECONDS,
    placementSeconds: PLACEMENT_SECONDS,
    doublePlacementSeconds: DOUBLE_PLACEMENT_SECONDS,
    boardStudyMayEndEarly: true as const,
    turn: turnWithinRules((stored as { turn?: unknown } | null | undefined)?.turn),
  };
}

/**
 * The longest turn a table switched to timed turns may have (option 2): the event's own turn
 * time when it publishes option 2, else the rule's 2 minutes.
 */
export function tableTurnLimit(stored: unknown): number {
  const turn = publishedTimers(stored).turn;
  return turn.mode === "after-one-hour" ? turn.turnSeconds : TIMED_TURN_SECONDS;
}
