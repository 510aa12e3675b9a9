/**
 * Table sizes (rule 1.1.7, docs/rules.md#table-sizes): 4-player tables, topped up with up to three
 * 3-player tables when the player count is not a multiple of 4.
 */

import { DomainRuleError } from "./errors";

/** The player count cannot be split into tables of 3 and 4 players. */
export class TableSplitError extends DomainRuleError {
  constructor(message: string, path = "playerCount") {
    super(message, { code: "invalid_table_split", rule: "1.1.7", issues: [{ path, message }] });
    this.name = "TableSplitError";
  }
}

/** Whether `playerCount` players can sit at tables of 3 and 4: every whole count from 3 but 5 (rule 1.1.7). */
export const canSplit = (playerCount: number): boolean =>
  Number.isSafeInteger(playerCount) && playerCount >= 3 && playerCount !== 5;

/**
 * Table sizes for `playerCount` players, 4-player tables first, then 3-player tables.
 * Remainder 3 → one 3-player table, 2 → two, 1 → three (83 = 20×4 + 3; 45 = 9×4 + 3×3).
 */
export function splitTables(playerCount: number): number[] {
  if (!Number.isSafeInteger(playerCount) || playerCount < 0) {
    throw new TableSplitError(`Player count must be a non-negative integer, got ${playerCount}.`);
  }
  if (!canSplit(playerCount)) {
    throw new TableSplitError(
      `${playerCount} player${playerCount === 1 ? "" : "s"} cannot be seated at tables of 3 and 4 players ` +
        "(rule 1.1.7; 2-player tables do not exist in tournament play).",
    );
  }
  // Each 3-player table frees one seat, so (4 − remainder) mod 4 of them absorb the remainder.
  const threes = (4 - (playerCount % 4)) % 4;
  const fours = (playerCount - 3 * threes) / 4;
  return [...Array<number>(fours).fill(4), ...Array<number>(threes).fill(3)];
}
