/**
 * Boards (rule 2.0.1, docs/rules.md#boards-and-timers): every round is played on one board shared by all its
 * tables, random or built by the organiser, without harbour tokens. A legal board is the base
 * game's 19 land hexes with its 18 number tokens and no two red numbers (6, 8) side by side.
 */

import { type DomainIssue, DomainRuleError, summaryOf } from "./errors";
import { createRandom, shuffled } from "./random";

export type Terrain = "forest" | "fields" | "pasture" | "hills" | "mountains" | "desert";

/** One land hex in axial coordinates (q, r) of the radius-2 hexagon; the centre is (0, 0). */
export interface BoardHex {
  q: number;
  r: number;
  terrain: Terrain;
  /** The number token, null on the desert. */
  number: number | null;
}

export interface Board {
  hexes: BoardHex[];
}

/** The board breaks rule 2.0.1; `issues` lists every violation, not just the first. */
export class BoardError extends DomainRuleError {
  constructor(issues: readonly DomainIssue[]) {
    super(summaryOf("Illegal board", issues), { code: "invalid_board", rule: "2.0.1", issues });
    this.name = "BoardError";
  }
}

export const TERRAIN_COUNTS: Readonly<Record<Terrain, number>> = {
  forest: 4,
  fields: 4,
  pasture: 4,
  hills: 3,
  mountains: 3,
  desert: 1,
};

export const NUMBER_TOKENS: readonly number[] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

const RED_NUMBERS: ReadonlySet<number> = new Set([6, 8]);
const RADIUS = 2;
const DIRECTIONS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
] as const;

const AXIS = Array.from({ length: 2 * RADIUS + 1 }, (_, i) => i - RADIUS);
/** The 19 hex positions, row by row (r ascending), then q ascending. */
export const BOARD_COORDINATES: readonly (readonly [number, number])[] = AXIS.flatMap((r) =>
  AXIS.filter((q) => Math.abs(q + r) <= RADIUS).map((q) => [q, r] as const),
);

const coordinateKey = (q: number, r: number): string => `${q},${r}`;

const POSITION_OF = new Map(BOARD_COORDINATES.map(([q, r], i) => [coordinateKey(q, r), i]));

/** NEIGHBOURS[i]: indices into BOARD_COORDINATES of the hexes sharing an edge with hex i. */
const NEIGHBOURS: readonly (readonly number[])[] = BOARD_COORDINATES.map(([q, r]) =>
  DIRECTIONS.map(([dq, dr]) => POSITION_OF.get(coordinateKey(q + dq, r + dr))).filter((i) => i !== undefined),
);

const TERRAINS: readonly Terrain[] = (Object.keys(TERRAIN_COUNTS) as Terrain[]).flatMap((terrain) =>
  Array<Terrain>(TERRAIN_COUNTS[terrain]).fill(terrain),
);

/**
 * A random legal board, fully determined by `seed`. Terrains are shuffled, then number tokens
 * are reshuffled until no red numbers touch: rejection keeps every legal layout equally likely
 * (about one shuffle in seven is accepted, so this ends quickly).
 */
export function generateBoard(seed: string): Board {
  const random = createRandom(seed);
  const terrains = shuffled(TERRAINS, random);
  const landIndices = terrains.flatMap((terrain, i) => (terrain === "desert" ? [] : [i]));
  let numbers = shuffled(NUMBER_TOKENS, random);
  while (hasTouchingReds(landIndices, numbers)) numbers = shuffled(NUMBER_TOKENS, random);
  const numberAt = new Map(landIndices.map((hex, i) => [hex, numbers[i]!]));
  return {
    hexes: BOARD_COORDINATES.map(([q, r], i) => ({
      q,
      r,
      terrain: terrains[i]!,
      number: numberAt.get(i) ?? null,
    })),
  };
}

function hasTouchingReds(landIndices: readonly number[], numbers: readonly number[]): boolean {
  const reds = landIndices.filter((_, i) => RED_NUMBERS.has(numbers[i]!));
  return reds.some((a, i) => reds.slice(i + 1).some((b) => NEIGHBOURS[a]!.includes(b)));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What the hexes of a board add up to, as `validateBoard` reads them one by one. */
interface Tally {
  /** Board position → index in `hexes`. */
  placed: Map<number, number>;
  terrainCounts: Map<string, number>;
  numberCounts: Map<number, number>;
  redAt: { position: number; hex: number; value: number }[];
}

/**
 * Checks a board (e.g. one built by the organiser) against rule 2.0.1 and throws a BoardError
 * listing every violation, with paths such as "hexes[4].number".
 */
export function validateBoard(board: unknown): asserts board is Board {
  if (!isRecord(board) || !Array.isArray(board.hexes)) {
    throw new BoardError([{ path: "hexes", message: "a board is a list of 19 hexes" }]);
  }
  const issues = harbourIssues(board);
  const hexes: unknown[] = board.hexes;
  if (hexes.length !== BOARD_COORDINATES.length) {
    issues.push({ path: "hexes", message: `a board has 19 land hexes, got ${hexes.length}` });
  }
  const tally: Tally = { placed: new Map(), terrainCounts: new Map(), numberCounts: new Map(), redAt: [] };
  for (const [i, hex] of hexes.entries()) issues.push(...hexIssues(tally, hex, i));
  if (hexes.length > 0) issues.push(...coverageIssues(tally));
  issues.push(...countIssues(tally), ...touchingRedIssues(tally));
  if (issues.length > 0) throw new BoardError(issues);
}

function harbourIssues(board: Record<string, unknown>): DomainIssue[] {
  return ["harbors", "harbours", "ports"]
    .filter((key) => {
      const value = board[key];
      return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
    })
    .map((key) => ({ path: key, message: "tournament boards have no harbour tokens" }));
}

/** One hex's own problems; what it contributes is added to `tally`. */
function hexIssues(tally: Tally, hex: unknown, i: number): DomainIssue[] {
  const path = `hexes[${i}]`;
  if (!isRecord(hex)) return [{ path, message: "a hex has q, r, terrain and number" }];
  const issues: DomainIssue[] = [];
  const { q, r, terrain, number } = hex;
  let position: number | undefined;
  if (!Number.isInteger(q) || !Number.isInteger(r)) {
    issues.push({ path, message: "q and r must be integers (axial coordinates)" });
  } else {
    position = POSITION_OF.get(coordinateKey(q as number, r as number));
    if (position === undefined) {
      issues.push({ path, message: `(${q}, ${r}) is outside the radius-2 board` });
    } else if (tally.placed.has(position)) {
      issues.push({ path, message: `(${q}, ${r}) is also hexes[${tally.placed.get(position)}]` });
      position = undefined;
    } else {
      tally.placed.set(position, i);
    }
  }
  if (typeof terrain !== "string" || !Object.hasOwn(TERRAIN_COUNTS, terrain)) {
    issues.push({ path: `${path}.terrain`, message: `unknown terrain ${JSON.stringify(terrain)}` });
  } else {
    tally.terrainCounts.set(terrain, (tally.terrainCounts.get(terrain) ?? 0) + 1);
  }
  if (terrain === "desert") {
    if (number !== null && number !== undefined) {
      issues.push({ path: `${path}.number`, message: "the desert has no number token" });
    }
  } else if (typeof number !== "number" || !NUMBER_TOKENS.includes(number)) {
    issues.push({
      path: `${path}.number`,
      message: `number token must be 2–6 or 8–12, got ${String(number)}`,
    });
  } else {
    tally.numberCounts.set(number, (tally.numberCounts.get(number) ?? 0) + 1);
    if (RED_NUMBERS.has(number) && position !== undefined)
      tally.redAt.push({ position, hex: i, value: number });
  }
  return issues;
}

function coverageIssues(tally: Tally): DomainIssue[] {
  return BOARD_COORDINATES.flatMap(([q, r], position) =>
    tally.placed.has(position) ? [] : [{ path: "hexes", message: `no hex at (${q}, ${r})` }],
  );
}

/** The terrain and number tokens of the base game, each exactly as many times as the box has. */
function countIssues(tally: Tally): DomainIssue[] {
  const issues: DomainIssue[] = [];
  for (const terrain of Object.keys(TERRAIN_COUNTS) as Terrain[]) {
    const count = tally.terrainCounts.get(terrain) ?? 0;
    if (count !== TERRAIN_COUNTS[terrain]) {
      issues.push({
        path: "hexes",
        message: `${count} ${terrain} hexes, expected ${TERRAIN_COUNTS[terrain]}`,
      });
    }
  }
  for (const value of new Set(NUMBER_TOKENS)) {
    const expected = NUMBER_TOKENS.filter((token) => token === value).length;
    const count = tally.numberCounts.get(value) ?? 0;
    if (count !== expected) {
      issues.push({ path: "hexes", message: `number ${value} appears ${count} times, expected ${expected}` });
    }
  }
  return issues;
}

function touchingRedIssues({ redAt }: Tally): DomainIssue[] {
  return redAt.flatMap((a, i) =>
    redAt
      .slice(i + 1)
      .filter((b) => NEIGHBOURS[a.position]!.includes(b.position))
      .map((b) => {
        const [qa, ra] = BOARD_COORDINATES[a.position]!;
        const [qb, rb] = BOARD_COORDINATES[b.position]!;
        return {
          path: `hexes[${b.hex}].number`,
          message: `red ${b.value} at (${qb}, ${rb}) touches red ${a.value} at (${qa}, ${ra}) (hexes[${a.hex}])`,
        };
      }),
  );
}

/**
 * A board's identity, independent of the order its hexes were listed in: two boards with the
 * same key are the same board (rule 2.0.1: every round gets a new one).
 */
export function boardKey(hexes: readonly BoardHex[]): string {
  return [...hexes]
    .sort((a, b) => a.r - b.r || a.q - b.q)
    .map((h) => `${h.q},${h.r}:${h.terrain}:${h.number ?? "-"}`)
    .join("|");
}
