/**
 * Event structure by size (rules 1.1.3, 1.1.5, 1.1.12, 1.2.2; docs/rules.md#structure).
 * N is the number of unique participants over all prelim sessions of the event.
 */
import type { Ruleset } from "./game-score";

export type EventStructureKind = "final-only" | "semifinals" | "semifinals-80plus";

export interface EventStructure {
  readonly kind: EventStructureKind;
  /** How many players qualification sends on: 4 to the final, or 16 to the semifinals. */
  readonly qualifierCount: 4 | 16;
  readonly valid: boolean;
  /** Human reasons when not valid; empty when valid. */
  readonly validity: string[];
}

const MIN_VALID_PARTICIPANTS = 12;
const MIN_SEMIFINAL_PARTICIPANTS = 29;
const MIN_80PLUS_PARTICIPANTS = 80;

function checkCount(n: number, name: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${n}`);
}

/**
 * Decisions: 1.1.12 says "12 to 27" where 1.1.5 says "12 to 28"; 1.1.5 wins, so 28 players
 * have no semifinals. Under 12 the event still runs (as final-only) but is reported invalid
 * rather than refused, so small club events can use the API. The legacy ruleset (docs/rules.md#legacy)
 * has 3 prelim games at any size, so 80+ players is plain "semifinals" there.
 */
export function eventStructure(uniqueParticipants: number, ruleset: Ruleset): EventStructure {
  checkCount(uniqueParticipants, "uniqueParticipants");
  const n = uniqueParticipants;
  if (ruleset === "2026" && n >= MIN_80PLUS_PARTICIPANTS)
    return { kind: "semifinals-80plus", qualifierCount: 16, valid: true, validity: [] };
  if (n >= MIN_SEMIFINAL_PARTICIPANTS)
    return { kind: "semifinals", qualifierCount: 16, valid: true, validity: [] };
  const validity =
    n < MIN_VALID_PARTICIPANTS
      ? [
          `${n} unique participant${n === 1 ? "" : "s"}: at least ${MIN_VALID_PARTICIPANTS} competitors are required for the results to be valid (rule 1.1.3)`,
        ]
      : [];
  return { kind: "final-only", qualifierCount: 4, valid: validity.length === 0, validity };
}

/**
 * Prelim games of one session: 4 (with the zero-win cut after game 3) when the session itself
 * has 80+ players, else 3. docs/rules.md#structure decides the session's own count rules this, not N.
 * Legacy (docs/rules.md#legacy): always 3.
 */
export function sessionGameCount(sessionPlayerCount: number, ruleset: Ruleset): 3 | 4 {
  checkCount(sessionPlayerCount, "sessionPlayerCount");
  return ruleset === "2026" && sessionPlayerCount >= MIN_80PLUS_PARTICIPANTS ? 4 : 3;
}

/** Structure and validity that follow from N (rules 1.1.3–1.1.5, 1.2.2); the rankings' header too. */
export function describeStructure(uniqueParticipants: number, ruleset: Ruleset) {
  const { kind, ...rest } = eventStructure(uniqueParticipants, ruleset);
  return { uniqueParticipants, structure: kind, ...rest };
}
