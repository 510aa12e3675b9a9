import { describe, expect, it } from "vitest";
import {
  BOARD_COORDINATES,
  type Board,
  BoardError,
  type BoardHex,
  boardKey,
  generateBoard,
  NUMBER_TOKENS,
  TERRAIN_COUNTS,
  validateBoard,
} from "./board";
import { DomainRuleError } from "./errors";

/** Shares an edge, computed independently of board.ts: axial distance 1. */
const touching = (a: BoardHex, b: BoardHex) =>
  (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2 === 1;

const isRed = (hex: BoardHex) => hex.number === 6 || hex.number === 8;

function issuesOf(board: unknown): { path: string; message: string }[] {
  try {
    validateBoard(board);
  } catch (error) {
    expect(error).toBeInstanceOf(BoardError);
    expect(error).toBeInstanceOf(DomainRuleError);
    expect((error as BoardError).rule).toBe("2.0.1");
    expect((error as BoardError).code).toBe("invalid_board");
    return (error as BoardError).issues;
  }
  return [];
}

/** A legal board to break: generated, then copied so each test can edit it. */
const legal = (): Board => structuredClone(generateBoard("fixture"));
const indexOf = (board: Board, predicate: (hex: BoardHex) => boolean) => board.hexes.findIndex(predicate);

describe("generateBoard (rule 2.0.1)", () => {
  it("builds legal boards for 1,000 seeds", () => {
    for (let i = 0; i < 1000; i++) {
      const board = generateBoard(`round-${i}`);
      expect(() => validateBoard(board)).not.toThrow();
      // Checked again here without board.ts helpers.
      expect(board.hexes).toHaveLength(19);
      expect(new Set(board.hexes.map((h) => `${h.q},${h.r}`)).size).toBe(19);
      for (const hex of board.hexes) {
        expect(Math.max(Math.abs(hex.q), Math.abs(hex.r), Math.abs(hex.q + hex.r))).toBeLessThanOrEqual(2);
      }
      const desert = board.hexes.filter((h) => h.terrain === "desert");
      expect(desert).toHaveLength(1);
      expect(desert[0]!.number).toBeNull();
      const numbers = board.hexes.flatMap((h) => (h.number === null ? [] : [h.number])).sort((a, b) => a - b);
      expect(numbers).toEqual(NUMBER_TOKENS);
      const reds = board.hexes.filter(isRed);
      for (const a of reds) for (const b of reds) if (a !== b) expect(touching(a, b)).toBe(false);
    }
  });

  it("has the base game's terrains", () => {
    const board = generateBoard("terrains");
    for (const [terrain, count] of Object.entries(TERRAIN_COUNTS)) {
      expect(board.hexes.filter((h) => h.terrain === terrain)).toHaveLength(count);
    }
  });

  it("is reproducible for a seed and differs between seeds", () => {
    expect(generateBoard("r1")).toEqual(generateBoard("r1"));
    expect(generateBoard("r1")).not.toEqual(generateBoard("r2"));
  });

  it("varies: the desert and the numbers move between seeds", () => {
    const deserts = new Set<number>();
    for (let i = 0; i < 200; i++)
      deserts.add(generateBoard(`v${i}`).hexes.findIndex((h) => h.terrain === "desert"));
    expect(deserts.size).toBe(19);
  });
});

describe("validateBoard", () => {
  it("accepts a legal built board", () => {
    expect(issuesOf(legal())).toEqual([]);
  });

  it("rejects anything that is not a list of hexes", () => {
    expect(issuesOf(null)).toEqual([{ path: "hexes", message: "a board is a list of 19 hexes" }]);
    expect(issuesOf({ hexes: "no" })[0]!.path).toBe("hexes");
  });

  it("reports a missing hex: count, position, terrain and token", () => {
    const board = legal();
    const removed = board.hexes.pop()!;
    const paths = issuesOf(board).map((i) => i.message);
    expect(paths).toContain("a board has 19 land hexes, got 18");
    expect(paths).toContain(`no hex at (${removed.q}, ${removed.r})`);
  });

  it("reports coordinates off the board and duplicated", () => {
    const board = legal();
    board.hexes[3] = { ...board.hexes[3]!, q: 3, r: 0 };
    board.hexes[5] = { ...board.hexes[5]!, q: board.hexes[0]!.q, r: board.hexes[0]!.r };
    board.hexes[6] = { ...board.hexes[6]!, q: 0.5 };
    const issues = issuesOf(board);
    expect(issues).toContainEqual({ path: "hexes[3]", message: "(3, 0) is outside the radius-2 board" });
    expect(issues.find((i) => i.path === "hexes[5]")?.message).toContain("is also hexes[0]");
    expect(issues.find((i) => i.path === "hexes[6]")?.message).toContain("integers");
  });

  it("reports unknown terrains and wrong terrain counts", () => {
    const board = legal();
    const forest = indexOf(board, (h) => h.terrain === "forest");
    (board.hexes[forest] as { terrain: string }).terrain = "sea";
    const pasture = indexOf(board, (h) => h.terrain === "pasture");
    board.hexes[pasture]!.terrain = "mountains";
    const issues = issuesOf(board);
    expect(issues).toContainEqual({ path: `hexes[${forest}].terrain`, message: 'unknown terrain "sea"' });
    expect(issues).toContainEqual({ path: "hexes", message: "3 forest hexes, expected 4" });
    expect(issues).toContainEqual({ path: "hexes", message: "3 pasture hexes, expected 4" });
    expect(issues).toContainEqual({ path: "hexes", message: "4 mountains hexes, expected 3" });
  });

  it("reports a terrain named like an object's own property (constructor, toString) as unknown", () => {
    for (const name of ["constructor", "toString", "__proto__"]) {
      const board = legal();
      const forest = indexOf(board, (h) => h.terrain === "forest");
      (board.hexes[forest] as { terrain: string }).terrain = name;
      expect(issuesOf(board)).toContainEqual({
        path: `hexes[${forest}].terrain`,
        message: `unknown terrain ${JSON.stringify(name)}`,
      });
    }
  });

  it("reports a number on the desert and a missing or impossible number elsewhere", () => {
    const board = legal();
    const desert = indexOf(board, (h) => h.terrain === "desert");
    const twelve = indexOf(board, (h) => h.number === 12);
    const two = indexOf(board, (h) => h.number === 2);
    board.hexes[desert]!.number = 12;
    board.hexes[twelve]!.number = null;
    board.hexes[two]!.number = 7;
    const issues = issuesOf(board);
    expect(issues).toContainEqual({
      path: `hexes[${desert}].number`,
      message: "the desert has no number token",
    });
    expect(issues).toContainEqual({
      path: `hexes[${twelve}].number`,
      message: "number token must be 2–6 or 8–12, got null",
    });
    expect(issues).toContainEqual({
      path: `hexes[${two}].number`,
      message: "number token must be 2–6 or 8–12, got 7",
    });
    expect(issues).toContainEqual({ path: "hexes", message: "number 2 appears 0 times, expected 1" });
    expect(issues).toContainEqual({ path: "hexes", message: "number 12 appears 0 times, expected 1" });
  });

  it("reports wrong token counts", () => {
    const board = legal();
    const three = indexOf(board, (h) => h.number === 3);
    board.hexes[three]!.number = 4;
    const messages = issuesOf(board).map((i) => i.message);
    expect(messages).toEqual([
      "number 3 appears 1 times, expected 2",
      "number 4 appears 3 times, expected 2",
    ]);
  });

  it("reports red numbers on neighbouring hexes with the path of the number", () => {
    const board = legal();
    const six = indexOf(board, (h) => h.number === 6);
    const neighbour = indexOf(
      board,
      (h) => touching(h, board.hexes[six]!) && h.terrain !== "desert" && !isRed(h),
    );
    const eight = indexOf(board, (h) => h.number === 8);
    // Swap the tokens of an 8 and the neighbour: counts stay right, only the adjacency breaks.
    board.hexes[eight]!.number = board.hexes[neighbour]!.number;
    board.hexes[neighbour]!.number = 8;
    const issues = issuesOf(board);
    expect(issues).toHaveLength(1);
    expect([`hexes[${six}].number`, `hexes[${neighbour}].number`]).toContain(issues[0]!.path);
    expect(issues[0]!.message).toMatch(/^red [68] at .* touches red [68] at /);
  });

  it("reports harbour tokens, whichever way they are spelled", () => {
    for (const key of ["harbors", "harbours", "ports"]) {
      expect(issuesOf({ ...legal(), [key]: [{ q: 3, r: 0 }] })).toEqual([
        { path: key, message: "tournament boards have no harbour tokens" },
      ]);
      expect(issuesOf({ ...legal(), [key]: [] })).toEqual([]);
    }
  });

  it("reports red numbers where only the 1st and the 3rd (in list order) touch", () => {
    const board = legal();
    const land = board.hexes.flatMap((h, i) => (h.terrain === "desert" ? [] : [i]));
    const near = (a: number, b: number) => touching(board.hexes[a]!, board.hexes[b]!);
    // Four land positions p0 < p1 < p2 < p3 where p0–p2 is the only touching pair.
    let chosen: number[] | undefined;
    for (const p0 of land)
      for (const p1 of land)
        for (const p2 of land)
          for (const p3 of land) {
            if (chosen || !(p0 < p1 && p1 < p2 && p2 < p3)) continue;
            const pairs = [
              [p0, p1],
              [p0, p3],
              [p1, p2],
              [p1, p3],
              [p2, p3],
            ];
            if (near(p0, p2) && pairs.every(([a, b]) => !near(a!, b!))) chosen = [p0, p1, p2, p3];
          }
    expect(chosen).toBeDefined();
    // Move the four red tokens there; the tokens they displace go where the reds were.
    const reds = land.filter((i) => isRed(board.hexes[i]!));
    const displaced = chosen!.filter((i) => !reds.includes(i)).map((i) => board.hexes[i]!.number);
    const freed = reds.filter((i) => !chosen!.includes(i));
    freed.forEach((i, k) => {
      board.hexes[i]!.number = displaced[k]!;
    });
    chosen!.forEach((i, k) => {
      board.hexes[i]!.number = [6, 8, 6, 8][k]!;
    });
    const issues = issuesOf(board);
    expect(issues).toEqual([
      {
        path: `hexes[${chosen![2]}].number`,
        message: expect.stringMatching(/^red 6 at .* touches red 6 at /),
      },
    ]);
  });

  it("names a board by its hexes, whatever their order (rule 2.0.1: a new board every round)", () => {
    const board = generateBoard("fixture");
    expect(boardKey([...board.hexes].reverse())).toBe(boardKey(board.hexes));
    expect(boardKey(generateBoard("other").hexes)).not.toBe(boardKey(board.hexes));
    const moved = structuredClone(board);
    moved.hexes[0]!.terrain = moved.hexes[0]!.terrain === "forest" ? "fields" : "forest";
    expect(boardKey(moved.hexes)).not.toBe(boardKey(board.hexes));
  });

  it("lists every violation at once", () => {
    const board = legal();
    board.hexes[0]!.number = 7;
    board.hexes[1] = { ...board.hexes[1]!, q: 9 };
    expect(issuesOf(board).length).toBeGreaterThanOrEqual(3);
    expect(BOARD_COORDINATES).toHaveLength(19);
  });
});
