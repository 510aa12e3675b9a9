import type { Database } from "../../db/client";
import { databaseOver } from "../../db/statements";
import type { Logger } from "../../http/context";
import { pruneOutbox } from "../../services/outbox";
import {
  assertPublicAddress,
  DeliveryPool,
  type DeliverySettings,
  drainDue,
  nextDueAt,
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

/** How long a DNS answer is reused within an isolate, at most (less when its TTL says so). */
const DNS_CACHE_MS = 60_000;
const dnsCache = new Map<string, { addresses: string[]; until: number }>();

/**
 * DNS over HTTPS (Cloudflare's JSON API): Workers have no resolver API, and the answers must
 * be checked before a subscription is accepted and before each delivery. An answer is reused
 * for its TTL (a minute at most): every delivery to one Discord channel would otherwise cost
 * two lookups besides its own fetch.
 */
export const dohResolveHost: ResolveHost = async (hostname) => {
  const cached = dnsCache.get(hostname);
  if (cached && cached.until > Date.now()) return cached.addresses;
  const answers: string[] = [];
  let ttl = DNS_CACHE_MS / 1000;
  for (const type of ["A", "AAAA"]) {
    const url = `https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(hostname)}&type=${type}`;
    const res = await fetch(url, { headers: { accept: "application/dns-json" } });
    if (!res.ok) throw new Error(`DNS lookup failed: ${res.status}`);
    const body = (await res.json()) as { Answer?: { type: number; data: string; TTL?: number }[] };
    for (const a of body.Answer ?? []) {
      if (a.type !== 1 && a.type !== 28) continue;
      answers.push(a.data);
      if (typeof a.TTL === "number") ttl = Math.min(ttl, a.TTL);
    }
  }
  if (dnsCache.size > 1000) dnsCache.clear();
  if (answers.length > 0) dnsCache.set(hostname, { addresses: answers, until: Date.now() + ttl * 1000 });
  return answers;
};

/** Whether a URL's host is an IP address (no DNS lookup before it is fetched). */
const isAddress = (host: string) => /^[\d.]+$|:/.test(host.replace(/^\[|\]$/g, ""));

/**
 * `fetch` with the DNS answers checked first and redirects never followed. (Workers cannot
 * pin the address fetched; Cloudflare's own egress does not reach private networks either.)
 */
export function fetchTransport(policy: TargetPolicy): Transport {
  return async (request) => {
    const host = new URL(request.url).hostname.replace(/^\[|\]$/g, "");
    if (!isAddress(host)) {
      const addresses = await dohResolveHost(host);
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
 * What one drain may spend of its invocation's subrequests (database round trips, webhook
 * fetches, DNS lookups): 40 leaves room, on the Workers Free plan's 50, for the write whose
 * `waitUntil` it runs in. On the Paid plan (10,000) an operator may raise it.
 */
export const DEFAULT_DRAIN_SUBREQUESTS = 40;
/**
 * The most one delivery can cost: its fetch, two DNS lookups, and the reads that build its
 * message (a ranking's two, a Discord message's context and names).
 */
const PER_DELIVERY = 8;
/** Kept for the end of a drain: recording the last attempts, the check for what is left, the queue message. */
const CLOSING = 3;

/** Where a drain that ran out of subrequests hands the rest (a Cloudflare Queue, wrangler.toml). */
export type DrainQueue = Queue;

interface DrainOptions {
  /** Only what was due by then (a write's drain leaves retries to the sweep); default: all due. */
  dueBy?: Date;
  /** Wall-clock budget (default 20 s). */
  budgetMs?: number;
  /** Subrequest budget (default DEFAULT_DRAIN_SUBREQUESTS). */
  subrequests?: number;
  /** Where to continue when the budget ran out with deliveries still due; without it, the Cron sweep. */
  queue?: DrainQueue;
}

/** A database whose round trips are counted (each one is a subrequest to Turso over HTTP). */
function countedDatabase(db: Database, count: () => void): Database {
  const client = db.$client;
  return databaseOver(
    client,
    (...args) => {
      count();
      return client.batch(...args);
    },
    (stmt) => {
      count();
      return client.execute(stmt);
    },
  );
}

/**
 * Delivers what is due through a delivery pool, with the same fairness and caps as Node, until
 * nothing is left, or the time or subrequest budget is spent: a drain never starts a delivery
 * its invocation could not afford, whatever the number of subscriptions. What is still due then
 * goes to the queue, whose consumer drains again with an invocation of its own; without one the
 * Cron sweep finds it within a minute.
 */
export async function drain(db: Database, settings: DeliverySettings, options: DrainOptions = {}) {
  const budget = options.subrequests ?? DEFAULT_DRAIN_SUBREQUESTS;
  let spent = 0;
  const counted = countedDatabase(db, () => spent++);
  // A delivery's fetch, and the two DNS lookups of a target named by host (fetchTransport).
  const transport: Transport = (request) => {
    spent += isAddress(new URL(request.url).hostname) ? 1 : 3;
    return settings.transport(request);
  };
  const pool = new DeliveryPool(
    counted,
    { concurrency: WORKER_CONCURRENCY, ...settings, transport },
    () => new Date(),
  );
  let starved = false;
  await drainDue(pool, {
    dueBy: options.dueBy,
    stopAt: Date.now() + (options.budgetMs ?? DRAIN_BUDGET_MS),
    canStart: () => {
      // Deliveries still running may yet spend their share: it is kept for them.
      const running = pool.busy - pool.unrecorded;
      const affordable = Math.floor((budget - spent - running * PER_DELIVERY - CLOSING) / PER_DELIVERY);
      if (affordable <= 0) starved = true;
      return affordable;
    },
  });
  const next = starved ? await nextDueAt(counted) : null;
  const continued = next !== null && Date.parse(next) <= Date.now();
  if (continued && options.queue) {
    spent++;
    await options.queue.send({ drain: true });
  }
  return {
    attempted: pool.attempted,
    /** Subrequests spent: database round trips, webhook fetches, DNS lookups. */
    subrequests: spent,
    /** The budget ran out with deliveries still due: handed to the queue (or left to the sweep). */
    continued,
  };
}

/**
 * The Workers dispatcher: a write's drain runs in `waitUntil` (what that write made due, lane by
 * lane, within the invocation's subrequests); what it cannot afford continues through the queue,
 * and retries are the Cron Trigger's sweep.
 */
export function workerDispatcher(
  db: Database,
  settings: DeliverySettings,
  options: { subrequests?: number; queue?: DrainQueue; logger?: Logger } = {},
): PushDispatcher {
  return {
    wake(waitUntil) {
      waitUntil?.(
        drain(db, settings, { ...options, dueBy: new Date() }).then((report) =>
          options.logger?.info("webhook drain", { ...report, after: "write" }),
        ),
      );
    },
  };
}

/** The Cron Trigger: deliver whatever is due (retries included), then prune the outbox. */
export async function sweep(
  db: Database,
  settings: DeliverySettings,
  options: { subrequests?: number; queue?: DrainQueue } = {},
): ReturnType<typeof drain> {
  const report = await drain(db, settings, options);
  await pruneOutbox(db, new Date());
  return report;
}
