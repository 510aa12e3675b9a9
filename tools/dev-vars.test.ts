import { describe, expect, it } from "vitest";
import { devVarsProblems, newDevVars, parseDevVars } from "./dev-vars";

const LOCAL = "http://127.0.0.1:8080";

describe(".dev.vars for npm run dev:worker", () => {
  it("writes a file that parses back with a 32-byte key and the local endpoint", () => {
    const vars = parseDevVars(newDevVars(LOCAL));
    expect(vars.DATABASE_URL).toBe(LOCAL);
    expect(Buffer.byteLength(vars.JWT_SECRET!, "utf8")).toBeGreaterThanOrEqual(32);
    expect(devVarsProblems(vars, LOCAL)).toEqual([]);
    expect(parseDevVars(newDevVars(LOCAL)).JWT_SECRET).not.toBe(vars.JWT_SECRET);
  });

  it("reads dotenv syntax: comments, export, quotes, trailing comments", () => {
    expect(
      parseDevVars("# c\n\nexport A=1\nB = \"two # not a comment\"\nC='3'\nD=4 # note\nnot a line\r\nE=\n"),
    ).toEqual({ A: "1", B: "two # not a comment", C: "3", D: "4", E: "" });
  });

  it("names each problem and its fix", () => {
    expect(devVarsProblems({}, LOCAL)).toEqual([
      expect.stringMatching(/^JWT_SECRET is missing: add JWT_SECRET=\S{43}$/),
      expect.stringContaining(`DATABASE_URL is missing: add DATABASE_URL=${LOCAL}`),
    ]);
    const short = devVarsProblems({ JWT_SECRET: "short", DATABASE_URL: LOCAL }, LOCAL);
    expect(short).toEqual([expect.stringContaining("JWT_SECRET is 5 bytes, HS256 needs at least 32")]);
    const turso = devVarsProblems(
      { JWT_SECRET: "x".repeat(32), DATABASE_URL: "libsql://catan-acme.turso.io" },
      LOCAL,
    );
    expect(turso).toEqual([expect.stringContaining(`not the local endpoint: set DATABASE_URL=${LOCAL}`)]);
    expect(
      devVarsProblems({ JWT_SECRET: "x".repeat(32), DATABASE_URL: "http://127.0.0.1:9999" }, LOCAL),
    ).toHaveLength(1);
  });

  it("accepts localhost for 127.0.0.1 and counts bytes, not characters", () => {
    expect(
      devVarsProblems({ JWT_SECRET: "x".repeat(32), DATABASE_URL: "http://localhost:8080" }, LOCAL),
    ).toEqual([]);
    // 16 two-byte characters are 32 bytes: enough for HS256.
    expect(devVarsProblems({ JWT_SECRET: "é".repeat(16), DATABASE_URL: LOCAL }, LOCAL)).toEqual([]);
    expect(devVarsProblems({ JWT_SECRET: "x".repeat(31), DATABASE_URL: LOCAL }, LOCAL)).toHaveLength(1);
  });
});
