/**
 * Choosing turn order, chair and colour by rank at a snake-seated table (docs/rules.md#choices,
 * rules 1.1.7, 1.1.10, 1.1.12): the best-ranked player chooses first, then the next, and every
 * player sits in the chair that matches their chosen turn order.
 */
import { type DomainIssue, DomainRuleError } from "./errors";

/** The four colours of the base game. */
export const COLOURS = ["red", "blue", "white", "orange"] as const;
export type Colour = (typeof COLOURS)[number];

export interface ChoiceSeat {
  playerId: string;
  name: string;
  /** Turn order: chosen once `chosen`, otherwise provisional (the free positions by rank). */
  position: number;
  seedRank: number | null;
  chair: number | null;
  colour: Colour | null;
  chosen: boolean;
}

interface Choice {
  playerId: string;
  position: number;
  /** Optional once a chair was chosen at the table: it follows from the turn order. */
  chair?: number | undefined;
  colour: Colour;
}

/** The rule that gives the players their choice: game 4 at 80+, the semifinals or the final. */
const CHOICE_RULE = { prelim: "1.1.7", semifinal: "1.1.10", final: "1.1.12" };
/** The rule seating players in the chair of their chosen turn order (1.1.7; 1.1.10 for playoffs). */
const CHAIR_RULE = { prelim: "1.1.7", semifinal: "1.1.10", final: "1.1.10" };

const byRank = (a: ChoiceSeat, b: ChoiceSeat) =>
  (a.seedRank ?? Number.MAX_SAFE_INTEGER) - (b.seedRank ?? Number.MAX_SAFE_INTEGER);

/** Who chooses next: the best-ranked player who has not chosen (players in `out` never choose). */
export function nextToChoose(seats: readonly ChoiceSeat[], out: ReadonlySet<string>): ChoiceSeat | null {
  return seats.filter((s) => !s.chosen && !out.has(s.playerId)).sort(byRank)[0] ?? null;
}

/**
 * The chair of a turn position once one chair is known: turns pass clockwise (base rules) and
 * chairs are numbered clockwise, so chair − position is the same for every seat (mod n).
 */
function chairOf(anchor: ChoiceSeat & { chair: number }, position: number, n: number): number {
  return ((((anchor.chair - anchor.position + position - 1) % n) + n) % n) + 1;
}

/**
 * The table after `choice`: the chooser at the chosen position, chair and colour; players who
 * chose before keep theirs; those still to choose hold the free positions in rank order. Throws a
 * 422-class rule error when the choice is out of rank order or its position, chair or colour is
 * not free (every such field is named).
 */
export function applyChoice(
  seats: readonly ChoiceSeat[],
  choice: Choice,
  context: { kind: "prelim" | "semifinal" | "final"; out: ReadonlySet<string> },
): ChoiceSeat[] {
  const n = seats.length;
  const rule = CHOICE_RULE[context.kind];
  const next = nextToChoose(seats, context.out);
  if (next && next.playerId !== choice.playerId) {
    const chooser = seats.find((s) => s.playerId === choice.playerId);
    throw new DomainRuleError(
      `${next.name} (rank ${next.seedRank}) chooses before ${chooser?.name ?? choice.playerId} (rank ${chooser?.seedRank}): players of a snake-seated table choose turn order, chair and colour by rank, best first (rule ${rule}).`,
      {
        code: "choice_out_of_rank_order",
        rule,
        issues: [{ path: "playerId", message: `${next.name} chooses first` }],
      },
    );
  }
  const others = seats.filter((s) => s.chosen && s.playerId !== choice.playerId);
  const issues: DomainIssue[] = [];
  if (choice.position < 1 || choice.position > n) {
    issues.push({ path: "position", message: `this table has turn positions 1–${n}` });
  } else if (others.some((s) => s.position === choice.position)) {
    issues.push({ path: "position", message: `position ${choice.position} is taken` });
  }
  if (choice.chair !== undefined && (choice.chair < 1 || choice.chair > n)) {
    issues.push({ path: "chair", message: `this table has chairs 1–${n}` });
  } else if (choice.chair !== undefined && others.some((s) => s.chair === choice.chair)) {
    issues.push({ path: "chair", message: `chair ${choice.chair} is taken` });
  }
  if (others.some((s) => s.colour === choice.colour)) {
    issues.push({ path: "colour", message: `${choice.colour} is taken` });
  }
  if (issues.length > 0) {
    throw new DomainRuleError(
      `Not free at this table: ${issues.map((i) => i.message).join("; ")} (rule ${rule}).`,
      { code: "choice_unavailable", rule, issues },
    );
  }
  const anchor = others.find((s): s is ChoiceSeat & { chair: number } => s.chair !== null);
  const chair = anchor ? chairOf(anchor, choice.position, n) : (choice.chair ?? choice.position);
  if (choice.chair !== undefined && choice.chair !== chair) {
    const crule = CHAIR_RULE[context.kind];
    throw new DomainRuleError(
      `Turn position ${choice.position} sits in chair ${chair}: every player sits in the chair of their chosen turn order, turns passing clockwise from the chairs already chosen (rule ${crule}). Send chair ${chair} or leave it out.`,
      {
        code: "chair_out_of_turn_order",
        rule: crule,
        issues: [{ path: "chair", message: `position ${choice.position} sits in chair ${chair}` }],
      },
    );
  }
  const taken = new Set([...others.map((s) => s.position), choice.position]);
  const free = Array.from({ length: n }, (_, i) => i + 1).filter((p) => !taken.has(p));
  const waiting = seats.filter((s) => !s.chosen && s.playerId !== choice.playerId).sort(byRank);
  const placed = new Map(waiting.map((s, i) => [s.playerId, free[i]!]));
  return seats
    .map((s) =>
      s.playerId === choice.playerId
        ? { ...s, position: choice.position, chair, colour: choice.colour, chosen: true }
        : s.chosen
          ? s
          : { ...s, position: placed.get(s.playerId)! },
    )
    .sort((a, b) => a.position - b.position);
}
