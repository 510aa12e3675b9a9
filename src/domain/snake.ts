/**
 * Snake seating by rank (rules 1.1.7, 1.1.10, docs/rules.md#snake-seating) for game 4 of an 80+ session,
 * the semifinals and the final, plus the zero-win cut that precedes game 4.
 */

import { splitTables, TableSplitError } from "./tables";

/**
 * Deals `ranked` (index 0 = rank 1) to `tableCount` tables in a snake: column 1 gives table t
 * rank t, column 2 rank 2T+1−t, column 3 rank 2T+t, column 4 rank 4T+1−t. Ranks above the
 * player count are empty seats, which by construction fall on the top tables. Each table lists
 * its players by rank, best first (they then choose turn order by rank).
 */
export function snakeSeating<T>(ranked: readonly T[], tableCount?: number): T[][] {
  const playerCount = ranked.length;
  const tables = tableCount ?? splitTables(playerCount).length;
  if (!Number.isSafeInteger(tables) || tables < 1) {
    throw new TableSplitError(`Table count must be a positive integer, got ${tables}.`, "tableCount");
  }
  // Every table needs 3 or 4 players: fewer than 3T would leave a table short of 3.
  if (playerCount < 3 * tables || playerCount > 4 * tables) {
    throw new TableSplitError(
      `${playerCount} players cannot be snake-seated at ${tables} tables of 3 or 4 players (rule 1.1.7).`,
    );
  }
  const seated: T[][] = [];
  for (let t = 1; t <= tables; t++) {
    const ranks = [t, 2 * tables + 1 - t, 2 * tables + t, 4 * tables + 1 - t];
    seated.push(ranks.filter((rank) => rank <= playerCount).map((rank) => ranked[rank - 1]!));
  }
  return seated;
}

/**
 * The cut after game 3 of an 80+ session (rule 1.1.5): players without a win are eliminated.
 * Both lists keep the input order, so a ranked input gives ranked outputs.
 */
export function zeroWinCut<T extends { wins: number }>(
  rows: readonly T[],
): { advancing: T[]; eliminated: T[] } {
  const advancing: T[] = [];
  const eliminated: T[] = [];
  for (const row of rows) (row.wins > 0 ? advancing : eliminated).push(row);
  return { advancing, eliminated };
}
