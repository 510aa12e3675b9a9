/**
 * What an organisation's change feed costs to read when the outbox holds every tenant's
 * notifications (run: npx tsx bench/org-feed.bench.ts [rows] [runs]).
 * Seeds an embedded libSQL file with 200 organisations (a federation of 20 stores and 180
 * independent stores) and `rows` notifications (300,000 by default), written through the real
 * outbox statements in batches, every store busy but one member of the federation that has 20
 * notifications spread over the whole window. Then times, each as the median of `runs`:
 *   - reading one outbox row by its seq (the baseline) and `select max(seq) from outbox` (what
 *     opening a feed reads);
 *   - a page (200, the live feeds' page) of the quiet store's feed from seq 0: what a fresh
 *     export or a resume from an old Last-Event-ID reads first;
 *   - a page of the federation's feed from seq 0;
 *   - a tail poll of the quiet store's and of the federation's feed (after the latest seq);
 *   - recording one notification in a batch of its own (what the write path pays);
 *   - the quiet store's export since the start (GET /v1/orgs/{id}/export?since=…), against
 *     GET /health, through the app.
 * The load average is printed with the figures: a run on a busy machine is told apart by it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { InStatement } from "@libsql/client";
import type { BatchItem } from "drizzle-orm/batch";
import { migrateDatabase, openNodeDatabase } from "../src/db/node";
import { SYSTEM_ACTOR } from "../src/services/access";
import { encodeExportCursor, orgFeedRowsStatement, outboxStatements } from "../src/services/outbox";
import { createOrgClient } from "../test/helpers/auth";
import { createTestApp } from "../test/helpers/test-app";

const ROWS = Number(process.argv[2] ?? 300_000);
const RUNS = Number(process.argv[3] ?? 15);
const MEMBERS = 20;
const INDEPENDENT = 180;
const QUIET_ROWS = 20;
const PAGE = 200;
const BATCH = 500;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "catan-org-feed-"));
  const { client, db } = openNodeDatabase(`file:${join(dir, "bench.db")}`);
  try {
    await migrateDatabase(db);
    const { app } = await createTestApp({ storage: { db } });
    const federation = await createOrgClient(app, db, { name: "Bench federation", kind: "federation" });
    const members = [];
    for (let i = 0; i < MEMBERS; i++)
      members.push(await createOrgClient(app, db, { name: `Member ${i}`, parentOrgId: federation.orgId }));
    const independent = [];
    for (let i = 0; i < INDEPENDENT; i++)
      independent.push(await createOrgClient(app, db, { name: `Store ${i}` }));
    const quiet = members[0]!;
    const busy = [
      ...members.slice(1).map((m) => ({ orgId: m.orgId, ancestry: [m.orgId, federation.orgId] })),
      ...independent.map((s) => ({ orgId: s.orgId, ancestry: [s.orgId] })),
    ];

    const ctx = { db, actor: SYSTEM_ACTOR, clock: () => new Date() };
    const notification = (owner: { orgId: string; ancestry: string[] }, i: number) =>
      outboxStatements(ctx, {
        type: "result.submitted",
        orgId: owner.orgId,
        ancestry: owner.ancestry,
        eventId: `evt_${owner.orgId}`,
        data: {
          eventId: `evt_${owner.orgId}`,
          sessionId: "ses_bench",
          roundId: "rnd_bench",
          tableId: `tbl_${i}`,
          scores: [10, 8, 6, 4].map((vp, p) => ({ playerId: `ply_${p}`, vp })),
        },
      });
    const quietEvery = Math.floor(ROWS / QUIET_ROWS);
    const t0 = performance.now();
    let pending: BatchItem<"sqlite">[] = [];
    for (let i = 0; i < ROWS; i++) {
      const owner =
        i % quietEvery === quietEvery - 1
          ? { orgId: quiet.orgId, ancestry: [quiet.orgId, federation.orgId] }
          : busy[i % busy.length]!;
      pending.push(...notification(owner, i));
      if (pending.length >= BATCH * 2 || i === ROWS - 1) {
        await db.batch(pending as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        pending = [];
      }
    }
    console.log(
      `seeded ${ROWS} notifications of ${1 + MEMBERS + INDEPENDENT} organisations in ${Math.round(performance.now() - t0)} ms; load ${load()}`,
    );

    const [latestRow] = (await client.execute("select max(seq) as seq from outbox")).rows;
    const latest = Number(latestRow!.seq);
    const some = Math.floor(latest / 2);

    async function time(label: string, run: () => Promise<number>) {
      let rows = await run(); // warm
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        rows = await run();
        samples.push(performance.now() - start);
      }
      return { label, ms: median(samples), rows };
    }
    const statement = (stmt: InStatement) => async () => (await client.execute(stmt)).rows.length;

    const baseline = await time(
      "one outbox row by seq (baseline)",
      statement({ sql: "select * from outbox where seq = ?", args: [some] }),
    );
    const results = [
      await time("select max(seq) from outbox", statement("select max(seq) as seq from outbox")),
      await time(
        `quiet store's page from seq 0 (${QUIET_ROWS} rows in all)`,
        statement(orgFeedRowsStatement(quiet.orgId, 0, PAGE)),
      ),
      await time("federation's page from seq 0", statement(orgFeedRowsStatement(federation.orgId, 0, PAGE))),
      await time(
        "quiet store's tail poll (after the latest seq)",
        statement(orgFeedRowsStatement(quiet.orgId, latest, PAGE)),
      ),
      await time(
        "federation's tail poll (after the latest seq)",
        statement(orgFeedRowsStatement(federation.orgId, latest, PAGE)),
      ),
    ];
    // A write's side: one busy member store's notification recorded in a batch of its own.
    let written = ROWS;
    results.push(
      await time("one notification recorded (its own batch)", async () => {
        await db.batch(notification(busy[0]!, written++) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        return 0;
      }),
    );
    console.log(`\nstatement (median of ${RUNS}, rows returned)`);
    console.log(`${baseline.label.padEnd(52)} ${baseline.ms.toFixed(3).padStart(9)} ms   1×`);
    for (const r of results)
      console.log(
        `${r.label.padEnd(52)} ${r.ms.toFixed(3).padStart(9)} ms   ${(r.ms / baseline.ms).toFixed(1)}×  (${r.rows} rows)`,
      );

    const since = encodeExportCursor({ seq: 0, at: new Date(Date.now() - 3_600_000).toISOString() });
    const get =
      (path: string, headers: Record<string, string> = {}) =>
      async () => {
        const res = await app.request(path, { headers });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
        return text.split("\n").filter(Boolean).length;
      };
    const health = await time("GET /health (baseline)", get("/health"));
    const exported = await time(
      "quiet store's export since the start",
      get(`/v1/orgs/${quiet.orgId}/export?since=${since}`, quiet.auth),
    );
    console.log(`\nthrough the app (median of ${RUNS})`);
    console.log(`${health.label.padEnd(52)} ${health.ms.toFixed(3).padStart(9)} ms   1×`);
    console.log(
      `${exported.label.padEnd(52)} ${exported.ms.toFixed(3).padStart(9)} ms   ${(exported.ms / health.ms).toFixed(1)}×  (${exported.rows} lines)`,
    );
    console.log(`\nload average (1, 5, 15 min) at the end: ${load()}`);
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
