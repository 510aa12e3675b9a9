import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProblemAnswer, recordProblems, undeclaredProblems } from "../helpers/problem-recorder";
import { ROUND_TRIP_BUDGETS, roundTripTable } from "../helpers/round-trip-budgets";
import {
  type RemoteApp,
  runEveryOperation,
  type Sample,
  startRemoteApp,
} from "../helpers/round-trip-scenario";

/**
 * Every operation of the OpenAPI document, taken through its happy path by the Node app over
 * Hrana (the protocol of Turso) to the project's test server. Each operation's serial round
 * trips — what its latency is made of once the database is 20–100 ms away — must stay within
 * the budget documented in test/helpers/round-trip-budgets.ts (docs/deploy/workers-turso.md;
 * `npx tsx bench/latency.bench.ts` prints the table and measures the latency at 0, 20 and 60 ms).
 *
 * A new operation needs a happy path in test/helpers/round-trip-scenario.ts and a budget.
 */
let remote: RemoteApp;
const samples: Sample[] = [];
let documentOperations: string[] = [];
let doc: { paths: Record<string, Record<string, { operationId?: string }>> };
let problems: ProblemAnswer[] = [];

beforeAll(async () => {
  remote = await startRemoteApp();
  problems = recordProblems(remote.app);
  doc = (await (await remote.app.request("/openapi.json")).json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  documentOperations = Object.values(doc.paths).flatMap((ops) =>
    Object.values(ops).flatMap((op) => (op.operationId ? [op.operationId] : [])),
  );
  await runEveryOperation(remote, samples);
}, 180_000);
afterAll(() => remote?.close());

describe("database round trips per operation", () => {
  it("takes every operation of the document through its happy path", () => {
    const measured = new Set(samples.map((s) => s.operationId));
    expect(documentOperations.filter((op) => !measured.has(op))).toEqual([]);
  });

  it("keeps every operation within its documented budget of serial round trips", () => {
    const over = roundTripTable(samples).filter((row) => row.budget === undefined || row.serial > row.budget);
    expect(
      over.map(
        (row) => `${row.operationId}: ${row.serial} serial round trips, budget ${row.budget ?? "none"}`,
      ),
    ).toEqual([]);
  });

  it("has a budget only for operations that exist", () => {
    expect(Object.keys(ROUND_TRIP_BUDGETS).filter((op) => !documentOperations.includes(op))).toEqual([]);
  });

  it("answers each problem of the scenario with a code its operation documents for that status", () => {
    expect(undeclaredProblems(doc, problems)).toEqual([]);
  });
});
