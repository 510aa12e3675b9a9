/**
 * Measurement helpers of the rankings bench: autocannon for req/s against the real server,
 * medians of wall and CPU time (process.cpuUsage: user + system of the whole process) for
 * in-process work, and a writes/s loop for result PUTs.
 */
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  "1xx": number;
  "2xx": number;
  "3xx": number;
  "4xx": number;
  "5xx": number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export const CONNECTIONS = 16;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);

export interface Throughput {
  rps: number;
  p50: number;
  /**
   * CPU time of this process per request (server and autocannon both run in it): on a shared
   * machine it moves far less with other processes' load than req/s does.
   */
  cpuUs: number;
}

/** req/s and p50 latency over DURATION_S seconds; every answer must have the expected class. */
export async function throughput(
  url: string,
  expect: "2xx" | "3xx",
  headers: Record<string, string> = {},
  duration = DURATION_S,
): Promise<Throughput> {
  const c0 = process.cpuUsage();
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpu = process.cpuUsage(c0);
  const total = r["1xx"] + r["2xx"] + r["3xx"] + r["4xx"] + r["5xx"];
  if (r.errors > 0 || r[expect] !== total) {
    throw new Error(`${url}: expected only ${expect}, got ${JSON.stringify(r).slice(0, 300)}`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, cpuUs: (cpu.user + cpu.system) / r.requests.total };
}

export interface Target {
  url: string;
  expect: "2xx" | "3xx";
  headers?: Record<string, string>;
}

/**
 * Throughput of several targets measured in turns: ROUNDS rounds, each running every target
 * for one short window, so a burst of load on the shared machine hits all of them alike.
 * Returns each target's median req/s and p50 over the rounds.
 */
export async function interleaved<const T extends readonly Target[]>(
  targets: T,
): Promise<{ [K in keyof T]: Throughput }> {
  const runs: Throughput[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      runs[i]!.push(await throughput(t.url, t.expect, t.headers, ROUND_S));
    }
  }
  return runs.map((r) => ({
    rps: median(r.map((x) => x.rps)),
    p50: median(r.map((x) => x.p50)),
    cpuUs: median(r.map((x) => x.cpuUs)),
  })) as {
    [K in keyof T]: Throughput;
  };
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 1);

export interface Timing {
  wallMs: number;
  cpuMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall and CPU time of `fn` over `runs` runs after `warmup` unmeasured ones. */
export async function timed(fn: () => Promise<unknown>, runs: number, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu) };
}

/** Result PUTs per second: `clients` loops share the list of writes, each sends one at a time. */
export async function writesPerSecond(
  writes: readonly (() => Promise<Response>)[],
  clients: number,
): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < writes.length) {
        const res = await writes[next++]!();
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`result PUT answered ${res.status}`);
      }
    }),
  );
  return writes.length / ((performance.now() - t0) / 1000);
}
