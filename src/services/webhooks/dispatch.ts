import type { Database } from "../../db/client";
import { claimAll, type DueRow, nextDueAt, recordStatements, selectDue } from "./bookkeeping";
import { MessageBodies, type RankingReader } from "./message-bodies";
import { signatureHeaders } from "./signing";
import { retryAfterMs, type Transport } from "./transport";
import { assertTargetUrl, type TargetPolicy } from "./url-guard";

/** 8 attempts over about a day: the waits after attempts 1–7 (±20 % jitter each). */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  15 * 3_600_000,
];

/**
 * The documented limits of webhook delivery (docs: the limits table). The pool's sizes are
 * per dispatcher: one Node process, or one Worker invocation (whose fetches are capped at 6
 * open connections, so its pool is 6).
 */
export const WEBHOOK_LIMITS = {
  /** Subscriptions one organisation may hold (disabled ones included): 409 beyond. */
  subscriptionsPerOrg: 50,
  /**
   * Deliveries in flight at once: the pool's workers (a slow request holds one, not the pass).
   * A tick starts at most this many, so on a championship day it bounds what one tick does.
   */
  concurrency: 64,
  /** In flight at once for one organisation's subscriptions (at most half the pool). */
  inFlightPerOrg: 32,
  /** In flight at once for one subscription (its lanes, one per tournament event, run side by side). */
  inFlightPerSubscription: 2,
  /** Per attempt. */
  timeoutMs: 10_000,
  /** Consecutive failed attempts after which a subscription is disabled. */
  disableAfterFailures: 50,
  /** Per attempt once a subscription has failed `failingAfter` attempts in a row, until a 2xx. */
  failingTimeoutMs: 2_000,
  failingAfter: 3,
  /**
   * The longest a receiver's `Retry-After` holds its lane back. Longer values (a far-future
   * date, 10^20 seconds) are clamped to this and logged; the attempt counts as a failure like
   * any other, so the retry budget still ends the delivery.
   */
  maxRetryAfterMs: 3_600_000,
} as const;

export const MAX_RETRY_AFTER_MS = WEBHOOK_LIMITS.maxRetryAfterMs;

/** One read of due deliveries offers this many per worker slot (and per cap) to later fills. */
const CANDIDATES_PER_SLOT = 2;
/** A read older than this is not used for new starts: retries come due, other dispatchers claim. */
const CANDIDATES_MAX_AGE_MS = 250;

/** Where the dispatcher reports what a receiver did wrong (the same shape as the app's logger). */
export interface DeliveryLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** What a runtime or a test sets; the limits it leaves out are WEBHOOK_LIMITS'. */
export interface DeliverySettings
  extends TargetPolicy,
    Partial<Record<"timeoutMs" | "disableAfterFailures" | "concurrency" | "inFlightPerOrg", number>> {
  transport: Transport;
  /** Waits between attempts; its length + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
  random?: () => number;
  /** Base URL for links in Discord messages. */
  publicUrl?: string;
  logger?: DeliveryLogger;
  /**
   * Where a `standings.changed` top is read: the runtime passes the response cache's rankings,
   * so a results version is ranked once for pollers, feeds and webhooks alike; default straight
   * from the services.
   */
  rankings?: RankingReader;
  /**
   * Bodies built per message, shared by the pools of one runtime (a Worker isolate's drains);
   * default one per pool.
   */
  bodies?: MessageBodies;
}

const JSON_HEADERS = { "content-type": "application/json" };

/** The receiver's Retry-After within the maximum; a longer one is logged (it names its subscription). */
function boundedRetryAfter(row: DueRow, value: string | null, now: Date, settings: DeliverySettings) {
  const ms = retryAfterMs(value, now);
  if (ms === null || ms <= MAX_RETRY_AFTER_MS) return ms;
  settings.logger?.info("webhook Retry-After clamped", {
    webhookId: row.subscription_id,
    deliveryId: row.id,
    retryAfter: value?.slice(0, 100),
    usedMs: MAX_RETRY_AFTER_MS,
  });
  return MAX_RETRY_AFTER_MS;
}

function backoff(settings: DeliverySettings, attempts: number): number | null {
  const delays = settings.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const base = delays[attempts - 1];
  if (base === undefined) return null;
  const random = settings.random ?? Math.random;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * One attempt, and the row it leaves: delivered, pending again (after its backoff), or failed
 * for good. A standard body is signed with the subscription's secret, and during a rotation's
 * overlap with the previous one too.
 */
async function attempt(
  db: Database,
  bodies: MessageBodies,
  row: DueRow,
  settings: DeliverySettings,
  clock: () => Date,
  timeoutMs: number,
) {
  const started = clock();
  const t0 = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  let retryable = true;
  let retryAfter: number | null = null;
  try {
    assertTargetUrl(row.url, settings);
    const body = await bodies.body(row, settings.publicUrl, db);
    let headers = JSON_HEADERS;
    if (row.format !== "discord") {
      const secrets = [row.secret];
      const previousUntil = row.previous_secret_expires_at;
      if (row.previous_secret && previousUntil && previousUntil > started.toISOString()) {
        secrets.push(row.previous_secret);
      }
      headers = { ...JSON_HEADERS, ...signatureHeaders(secrets, row.message_id, started, body) };
    }
    const reply = await settings.transport({ url: row.url, headers, body, timeoutMs });
    status = reply.status;
    if (status < 200 || status >= 300) {
      error = `HTTP ${status}`;
      // A 4xx says the request itself is refused: retrying cannot help, except a timeout or a rate limit.
      retryable = status >= 500 || status === 408 || status === 429;
      retryAfter = boundedRetryAfter(row, reply.retryAfter, clock(), settings);
    }
  } catch (thrown) {
    error = (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, 500);
    // A refused target stays refused: retrying would only knock on it again.
    retryable = (thrown as Error | null)?.name !== "UnsafeTargetError";
  }
  const latencyMs = Math.round(performance.now() - t0);
  const now = clock();
  const at = now.toISOString();
  const attempts = row.attempts + 1;
  const ok = error === null;
  const wait = !ok && retryable ? backoff(settings, attempts) : null;
  // Honour a rate limit's Retry-After (Discord's 429) when it asks for longer than the backoff, or for a 429 at all.
  const delay =
    wait === null
      ? null
      : status === 429 && retryAfter !== null
        ? retryAfter
        : Math.max(wait, retryAfter ?? 0);
  const next = delay === null ? null : new Date(now.getTime() + delay).toISOString();
  return {
    deliveryId: row.id,
    subscriptionId: row.subscription_id,
    status: ok ? "delivered" : next ? "pending" : "failed",
    attempts,
    /** When a pending delivery is tried again (else the attempt's time). */
    nextAttemptAt: ok ? row.next_attempt_at : (next ?? at),
    deliveredAt: ok ? at : null,
    statusCode: status,
    latencyMs,
    error,
    /** Whether the attempt reached the receiver with a 2xx: a subscription's failure streak ends. */
    ok,
    at,
  };
}

/** How one attempt ended, as the delivery row records it. */
export type RecordedAttempt = Awaited<ReturnType<typeof attempt>>;

/** Adds `delta` to a key's count; a count that falls to 0 is dropped. */
function count(counts: Map<string, number>, key: string, delta: number) {
  const n = (counts.get(key) ?? 0) + delta;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/**
 * The dispatcher's workers, the same on every runtime, driven a tick at a time: a tick records
 * what finished since the last one (one batch), then claims what is due (one read, one claim)
 * and starts it, each delivery on its own worker, so a slow receiver holds one worker for its
 * timeout and the others carry on. Free workers go to the organisations in turn (the one served
 * longest ago first, not the oldest message), within the caps per organisation and per
 * subscription. A worker stays taken until its outcome is recorded, so the counts and the
 * lanes' order hold. In-flight counts are this pool's own; claims in the database keep two
 * dispatchers (two Worker invocations, a restart) from sending the same attempt twice.
 */
export class DeliveryPool {
  private readonly inFlight = new Set<string>();
  private readonly perOrg = new Map<string, number>();
  private readonly perSubscription = new Map<string, number>();
  /** When each organisation last got a worker (a counter), for the turn order. */
  private readonly lastServed = new Map<string, number>();
  private turn = 0;
  private waiters: (() => void)[] = [];
  /** Attempts finished and not yet recorded: the next tick writes them in one batch. */
  private finished: { row: DueRow; attempt: RecordedAttempt }[] = [];
  /**
   * Due lane heads from the last read, not yet started. The read costs what is pending, so
   * one read serves several ticks: a backlog would otherwise be read again on every tick.
   */
  private candidates: DueRow[] = [];
  private readAt = Number.NEGATIVE_INFINITY;
  /** Recorded since the last read: their lanes may have a new head that only a read shows. */
  private recordedSinceRead = 0;
  private readonly bodies: MessageBodies;
  /** Deliveries attempted since the pool was made. */
  attempted = 0;
  readonly concurrency: number;
  private readonly orgCap: number;

  constructor(
    private readonly db: Database,
    private readonly settings: DeliverySettings,
    private readonly clock: () => Date,
  ) {
    this.concurrency = Math.max(1, settings.concurrency ?? WEBHOOK_LIMITS.concurrency);
    this.orgCap = Math.max(
      1,
      Math.min(settings.inFlightPerOrg ?? WEBHOOK_LIMITS.inFlightPerOrg, Math.floor(this.concurrency / 2)),
    );
    this.bodies = settings.bodies ?? new MessageBodies(settings.rankings);
  }

  /** Deliveries taken: in flight, or finished and not yet recorded. */
  get busy(): number {
    return this.inFlight.size;
  }

  get free(): number {
    return this.concurrency - this.inFlight.size;
  }

  /** Attempts finished since the last tick. */
  get unrecorded(): number {
    return this.finished.length;
  }

  /** Something new may be due (a write, a retry's time): the next tick reads the database. */
  invalidate() {
    this.readAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * One tick: records what finished, then starts what is due (by `dueBy`, default now) on the
   * free workers, at most `maxStarts`; returns how many started.
   */
  async tick(dueBy?: Date, maxStarts = Number.POSITIVE_INFINITY): Promise<number> {
    await this.record();
    return this.fill(dueBy, maxStarts);
  }

  /** Writes the finished attempts (and the tops read for them) in one batch, then frees their workers. */
  async record(): Promise<void> {
    const finished = this.finished.splice(0);
    const saveTops = this.bodies.saveTops(this.db);
    if (finished.length === 0 && !saveTops) return;
    const statements = [
      ...(finished.length > 0
        ? recordStatements(
            this.db,
            finished.map((f) => f.attempt),
            this.settings.disableAfterFailures ?? WEBHOOK_LIMITS.disableAfterFailures,
          )
        : []),
      ...(saveTops ? [saveTops] : []),
    ];
    try {
      await this.db.batch(statements as never);
    } catch (error) {
      // The leases stay: those deliveries are attempted again when they expire, and this says why.
      this.settings.logger?.error("webhook deliveries could not be recorded", {
        deliveryIds: finished.map((f) => f.row.id),
        error: String(error),
      });
    }
    for (const { row, attempt } of finished) {
      // Its subscription's failure streak (its timeout, maybe disabled) changed: read it again.
      if (!attempt.ok)
        this.candidates = this.candidates.filter((other) => other.subscription_id !== row.subscription_id);
      this.release(row);
    }
    this.recordedSinceRead += finished.length;
  }

  private async fill(dueBy: Date | undefined, maxStarts: number): Promise<number> {
    // A second round when every pick was lost to another dispatcher's claim: those were stale.
    for (let round = 0; round < 2; round++) {
      if (this.free <= 0 || maxStarts <= 0) return 0;
      const now = this.clock();
      const fresh = Date.now() - this.readAt <= CANDIDATES_MAX_AGE_MS;
      let picks = fresh ? this.pick(maxStarts) : [];
      if (picks.length === 0 && (!fresh || this.recordedSinceRead > 0)) {
        await this.read(dueBy ?? now);
        picks = this.pick(maxStarts);
      }
      if (picks.length === 0) return 0;
      const claimed = await claimAll(
        this.db,
        picks.map((row) => ({
          id: row.id,
          due: row.next_attempt_at,
          lease: new Date(now.getTime() + 2 * this.timeoutFor(row) + 5_000).toISOString(),
        })),
      ).catch((error: unknown) => {
        // Nothing was claimed: the picks' workers are free again, and the next tick reads afresh.
        for (const row of picks) this.release(row);
        this.invalidate();
        throw error;
      });
      let started = 0;
      for (const row of picks) {
        if (claimed.has(row.id)) {
          started++;
          this.attempted++;
          void this.run(row, this.timeoutFor(row));
        } else {
          // Another dispatcher took it: give its place back, and read afresh next time.
          this.release(row);
          this.invalidate();
        }
      }
      if (started > 0) return started;
    }
    return 0;
  }

  private async read(dueBy: Date) {
    this.readAt = Date.now();
    this.recordedSinceRead = 0;
    // Organisations at their cap are left out: their rows could not start, others' can.
    const full = [...this.perOrg].filter(([, n]) => n >= this.orgCap).map(([org]) => org);
    const rows = await selectDue(this.db, dueBy.toISOString(), {
      perOrg: CANDIDATES_PER_SLOT * this.orgCap,
      perSubscription: CANDIDATES_PER_SLOT * WEBHOOK_LIMITS.inFlightPerSubscription,
      total: CANDIDATES_PER_SLOT * this.concurrency,
      skip: full,
    });
    this.candidates = rows.filter((row) => !this.inFlight.has(row.id));
  }

  /**
   * Takes candidates organisation by organisation, the one served longest ago first, one at a
   * time, while workers and caps allow. Each organisation's candidates come oldest first.
   */
  private pick(maxStarts: number): DueRow[] {
    const queues = new Map<string, DueRow[]>();
    for (const row of this.candidates) {
      const queue = queues.get(row.owner_org_id) ?? [];
      queue.push(row);
      queues.set(row.owner_org_id, queue);
    }
    const orgs = [...queues.keys()].sort(
      (a, b) => (this.lastServed.get(a) ?? -1) - (this.lastServed.get(b) ?? -1),
    );
    const picks: DueRow[] = [];
    for (let progress = true; progress && this.free > 0 && picks.length < maxStarts; ) {
      progress = false;
      for (const org of orgs) {
        if (this.free <= 0 || picks.length >= maxStarts) break;
        if ((this.perOrg.get(org) ?? 0) >= this.orgCap) continue;
        const queue = queues.get(org)!;
        const index = queue.findIndex(
          (row) =>
            (this.perSubscription.get(row.subscription_id) ?? 0) < WEBHOOK_LIMITS.inFlightPerSubscription,
        );
        if (index < 0) continue;
        const [row] = queue.splice(index, 1);
        this.hold(row!);
        this.lastServed.set(org, ++this.turn);
        picks.push(row!);
        progress = true;
      }
    }
    if (picks.length > 0) this.candidates = this.candidates.filter((row) => !this.inFlight.has(row.id));
    return picks;
  }

  /** A target that keeps failing (a dead or slow receiver) gets the shorter timeout, never a longer one. */
  private timeoutFor(row: DueRow): number {
    const timeoutMs = this.settings.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
    if (row.failure_streak < WEBHOOK_LIMITS.failingAfter) return timeoutMs;
    return Math.min(timeoutMs, WEBHOOK_LIMITS.failingTimeoutMs);
  }

  private hold(row: DueRow) {
    this.inFlight.add(row.id);
    count(this.perOrg, row.owner_org_id, 1);
    count(this.perSubscription, row.subscription_id, 1);
  }

  private release(row: DueRow) {
    this.inFlight.delete(row.id);
    count(this.perOrg, row.owner_org_id, -1);
    count(this.perSubscription, row.subscription_id, -1);
  }

  private async run(row: DueRow, timeoutMs: number) {
    this.finished.push({
      row,
      attempt: await attempt(this.db, this.bodies, row, this.settings, this.clock, timeoutMs),
    });
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves when an attempt finishes (at once when one is waiting to be recorded, or none runs). */
  oneFinished(): Promise<void> {
    if (this.finished.length > 0 || this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves when every delivery in flight has finished and been recorded. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) {
      await this.oneFinished();
      await this.record();
    }
    await this.record();
  }
}

/**
 * Delivers everything due by `dueBy` (default: now) through a pool, and returns once it is
 * done or `stopAt` (epoch ms) has passed, or `canStart` says no more may start; what is then in
 * flight is awaited and recorded, never abandoned.
 */
export async function drainDue(
  pool: DeliveryPool,
  options: { dueBy?: Date; stopAt?: number; canStart?: () => number } = {},
): Promise<void> {
  for (;;) {
    if (options.stopAt !== undefined && Date.now() > options.stopAt) break;
    const allowed = options.canStart?.() ?? Number.POSITIVE_INFINITY;
    if (allowed <= 0) break;
    const started = await pool.tick(options.dueBy, allowed);
    if (started === 0 && pool.busy === 0) break;
    if (pool.busy > 0) await pool.oneFinished();
  }
  await pool.settled();
}

/**
 * One pass of the dispatcher (tests): everything due now, through a fresh pool, fairly, until
 * nothing due is left; how many were attempted, and when the next pending delivery is due.
 */
export async function deliverDue(
  db: Database,
  clock: () => Date,
  settings: DeliverySettings,
): Promise<{ attempted: number; nextDueAt: string | null }> {
  const pool = new DeliveryPool(db, settings, clock);
  await drainDue(pool);
  return { attempted: pool.attempted, nextDueAt: await nextDueAt(db) };
}
