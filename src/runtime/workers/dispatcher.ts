import type { Database } from "../../db/client";
import { pruneOutbox } from "../../services/outbox";
import {
  assertPublicAddress,
  DeliveryPool,
  type DeliverySettings,
  drainDue,
  type PushDispatcher,
  type ResolveHost,
  type TargetPolicy,
  type Transport,
  UnsafeTargetError,
} from "../../services/webhooks";

/** A request's drain stops after this long; whatever is left is the Cron sweep's. */
const DRAIN_BUDGET_MS = 20_000;

/** A Worker invocation keeps at most 6 connections open: its pool's workers. */
export const WORKER_CONCURRENCY = 6;

/**
 * DNS over HTTPS (Cloudflare's JSON API): Workers have no resolver API, and the answers must
 * be checked before a subscription is accepted and before each delivery.
 */
export const dohResolveHost: ResolveHost = async (hostname) => {
  const answers: string[] = [];
  for (const type of ["A", "AAAA"]) {
    const res = await fetch(
      `https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(hostname)}&type=${type}`,
      {
        headers: { accept: "application/dns-json" },
      },
    );
    if (!res.ok) throw new Error(`DNS lookup failed: ${res.status}`);
    const body = (await res.json()) as { Answer?: { type: number; data: string }[] };
    for (const a of body.Answer ?? []) if (a.type === 1 || a.type === 28) answers.push(a.data);
  }
  return answers;
};

/**
 * `fetch` with the DNS answers checked first and redirects never followed. (Workers cannot
 * pin the address fetched; Cloudflare's own egress does not reach private networks either.)
 */
export function fetchTransport(policy: TargetPolicy, resolve: ResolveHost): Transport {
  return async (request) => {
    const host = new URL(request.url).hostname.replace(/^\[|\]$/g, "");
    if (!/^[\d.]+$|:/.test(host)) {
      const addresses = await resolve(host);
      if (addresses.length === 0) throw new UnsafeTargetError(`host '${host}' does not resolve`);
      for (const address of addresses) assertPublicAddress(address, policy);
    }
    const res = await fetch(request.url, {
      method: "POST",
      headers: { "user-agent": "catan-tournament-api-webhooks/1", ...request.headers },
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    await res.body?.cancel();
    return { status: res.status, retryAfter: res.headers.get("retry-after") };
  };
}

/**
 * The Workers dispatcher: a write's drain runs in `waitUntil` (what that write made due, lane
 * by lane); retries and anything a drain could not finish are left to the Cron Trigger's sweep.
 */
export function workerDispatcher(db: Database, settings: DeliverySettings): PushDispatcher {
  return {
    wake(waitUntil) {
      waitUntil?.(drain(db, settings, new Date(), DRAIN_BUDGET_MS));
    },
  };
}

/**
 * Delivers what is due by `dueBy` (all that is due when undefined) through a delivery pool,
 * with the same fairness and caps as Node, until nothing is left or the budget is spent.
 */
export async function drain(
  db: Database,
  settings: DeliverySettings,
  dueBy: Date | undefined,
  budgetMs: number,
) {
  const pool = new DeliveryPool(db, { concurrency: WORKER_CONCURRENCY, ...settings }, () => new Date());
  await drainDue(pool, { ...(dueBy ? { dueBy } : {}), stopAt: Date.now() + budgetMs });
  return pool.attempted;
}

/** The Cron Trigger: deliver whatever is due (retries included), then prune the outbox. */
export async function sweep(db: Database, settings: DeliverySettings): Promise<number> {
  const attempted = await drain(db, settings, undefined, DRAIN_BUDGET_MS);
  await pruneOutbox(db, new Date());
  return attempted;
}
