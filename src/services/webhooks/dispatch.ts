import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { discordMessage } from "./discord";
import { enrichStandings } from "./enrich";
import { signatureHeaders } from "./signing";
import { retryAfterMs, type Transport } from "./transport";
import { assertTargetUrl, type TargetPolicy, UnsafeTargetError } from "./url-guard";

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
 * The longest a receiver's `Retry-After` holds its lane back. Longer values (a far-future
 * date, 10^20 seconds) are clamped to this and logged; the attempt counts as a failure like
 * any other, so the retry budget still ends the delivery.
 */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** Where the dispatcher reports what a receiver did wrong (the same shape as the app's logger). */
export interface DeliveryLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface DeliverySettings extends TargetPolicy {
  transport: Transport;
  /** Waits between attempts; its length + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Consecutive failed attempts after which a subscription is disabled (default 50). */
  disableAfterFailures?: number;
  /** Deliveries attempted per pass (default 50). */
  batchSize?: number;
  random?: () => number;
  /** Base URL for links in Discord messages. */
  publicUrl?: string;
  logger?: DeliveryLogger;
}

interface DueRow {
  id: string;
  subscription_id: string;
  attempts: number;
  next_attempt_at: string;
  message_id: string;
  seq: number;
  type: string;
  org_id: string;
  data: string;
  created_at: string;
  url: string;
  format: "standard" | "discord";
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
}

/**
 * Due deliveries, each the oldest pending one of its lane (subscription × tournament event),
 * so a lane is delivered strictly in order while other lanes proceed. Both the rows and the
 * lane-head test read the partial index of pending rows: a pass costs what is pending, not the
 * delivered history (which made throughput fall with every delivery made).
 */
function selectDue(db: Database, now: string, limit: number) {
  return db.all<DueRow>(sql`
    select d.id, d.subscription_id, d.attempts, d.next_attempt_at,
           o.id as message_id, o.seq, o.type, o.org_id, o.data, o.created_at,
           s.url, s.format, s.secret, s.previous_secret, s.previous_secret_expires_at
    from webhook_deliveries d indexed by webhook_deliveries_pending_lane_idx
    join webhook_subscriptions s on s.id = d.subscription_id
    join outbox o on o.seq = d.outbox_seq
    where d.status = 'pending' and d.next_attempt_at <= ${now} and s.status = 'active'
      and not exists (
        select 1 from webhook_deliveries e
        where e.subscription_id = d.subscription_id and e.lane = d.lane
          and e.status = 'pending' and e.outbox_seq < d.outbox_seq)
    order by d.outbox_seq
    limit ${limit}`);
}

/** Takes a delivery by pushing its due time past the attempt (a lease): a crash means one more attempt, never none. */
async function claim(db: Database, row: DueRow, leaseUntil: string): Promise<boolean> {
  const result = await db.run(sql`
    update webhook_deliveries set next_attempt_at = ${leaseUntil}
    where id = ${row.id} and status = 'pending' and next_attempt_at = ${row.next_attempt_at}`);
  return result.rowsAffected === 1;
}

async function buildRequest(db: Database, row: DueRow, settings: DeliverySettings, at: Date) {
  let data = JSON.parse(row.data) as Record<string, unknown>;
  if (row.type === "standings.changed") data = await enrichStandings(db, row.seq, data);
  if (row.format === "discord") {
    return {
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        await discordMessage(db, row.type, data, { publicUrl: settings.publicUrl, at: row.created_at }),
      ),
    };
  }
  const body = JSON.stringify({
    id: row.message_id,
    type: row.type,
    timestamp: row.created_at,
    orgId: row.org_id,
    data,
  });
  const secrets = [row.secret];
  if (
    row.previous_secret &&
    row.previous_secret_expires_at &&
    row.previous_secret_expires_at > at.toISOString()
  ) {
    secrets.push(row.previous_secret);
  }
  return {
    headers: { "content-type": "application/json", ...signatureHeaders(secrets, row.message_id, at, body) },
    body,
  };
}

interface Outcome {
  ok: boolean;
  retryable: boolean;
  status: number | null;
  error: string | null;
  /** The receiver's Retry-After, clamped to MAX_RETRY_AFTER_MS. */
  retryAfterMs: number | null;
  latencyMs: number;
}

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

async function attempt(
  db: Database,
  row: DueRow,
  settings: DeliverySettings,
  clock: () => Date,
): Promise<Outcome> {
  const started = clock();
  const t0 = performance.now();
  try {
    assertTargetUrl(row.url, settings);
    const request = await buildRequest(db, row, settings, started);
    const reply = await settings.transport({
      url: row.url,
      ...request,
      timeoutMs: settings.timeoutMs ?? 10_000,
    });
    const latencyMs = Math.round(performance.now() - t0);
    const ok = reply.status >= 200 && reply.status < 300;
    // A 4xx says the request itself is refused: retrying cannot help, except a timeout or a rate limit.
    const retryable = !ok && (reply.status >= 500 || reply.status === 408 || reply.status === 429);
    return {
      ok,
      retryable,
      status: reply.status,
      error: ok ? null : `HTTP ${reply.status}`,
      retryAfterMs: ok ? null : boundedRetryAfter(row, reply.retryAfter, clock(), settings),
      latencyMs,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A refused target stays refused: retrying would only knock on it again.
    const retryable = !(
      error instanceof UnsafeTargetError || (error as { name?: string }).name === "UnsafeTargetError"
    );
    return {
      ok: false,
      retryable,
      status: null,
      error: message.slice(0, 500),
      retryAfterMs: null,
      latencyMs: Math.round(performance.now() - t0),
    };
  }
}

function backoff(settings: DeliverySettings, attempts: number): number | null {
  const delays = settings.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const base = delays[attempts - 1];
  if (base === undefined) return null;
  const random = settings.random ?? Math.random;
  return Math.round(base * (0.8 + 0.4 * random()));
}

async function record(db: Database, row: DueRow, outcome: Outcome, settings: DeliverySettings, now: Date) {
  const at = now.toISOString();
  const attempts = row.attempts + 1;
  if (outcome.ok) {
    await db.batch([
      db.run(sql`update webhook_deliveries set status = 'delivered', attempts = ${attempts}, delivered_at = ${at},
                 last_status_code = ${outcome.status}, last_latency_ms = ${outcome.latencyMs}, last_error = null
                 where id = ${row.id}`),
      db.run(
        sql`update webhook_subscriptions set failure_streak = 0, failing_since = null where id = ${row.subscription_id}`,
      ),
    ]);
    return;
  }
  const wait = outcome.retryable ? backoff(settings, attempts) : null;
  // Honour a rate limit's Retry-After (Discord's 429) when it asks for longer than the backoff, or for a 429 at all.
  const delay =
    wait === null
      ? null
      : outcome.status === 429 && outcome.retryAfterMs !== null
        ? outcome.retryAfterMs
        : Math.max(wait, outcome.retryAfterMs ?? 0);
  const next = delay === null ? null : new Date(now.getTime() + delay).toISOString();
  const disableAfter = settings.disableAfterFailures ?? 50;
  const reason = `disabled after ${disableAfter} consecutive failed attempts; last: ${outcome.error ?? "unknown"} at ${at}`;
  await db.batch([
    db.run(sql`update webhook_deliveries set status = ${next ? "pending" : "failed"}, attempts = ${attempts},
               next_attempt_at = ${next ?? at}, last_status_code = ${outcome.status},
               last_latency_ms = ${outcome.latencyMs}, last_error = ${outcome.error}
               where id = ${row.id}`),
    db.run(sql`update webhook_subscriptions set failure_streak = failure_streak + 1,
               failing_since = coalesce(failing_since, ${at}),
               status = case when failure_streak + 1 >= ${disableAfter} then 'disabled' else status end,
               disabled_reason = case when failure_streak + 1 >= ${disableAfter} then ${reason} else disabled_reason end
               where id = ${row.subscription_id}`),
  ]);
}

export interface DeliveryPass {
  /** Deliveries attempted in this pass. */
  attempted: number;
  /** When the next pending delivery is due (null: none pending). */
  nextDueAt: string | null;
}

/**
 * One pass of the dispatcher, the same on every runtime: claim what is due, send it, record
 * the outcome. Lanes are sent in parallel, each lane one delivery at a time.
 */
export async function deliverDue(
  db: Database,
  clock: () => Date,
  settings: DeliverySettings,
  /** Only what was due by then (a request's drain leaves retries to the sweep); default: now. */
  dueBy?: Date,
): Promise<DeliveryPass> {
  const now = clock();
  const due = await selectDue(db, (dueBy ?? now).toISOString(), settings.batchSize ?? 50);
  const lease = new Date(now.getTime() + 2 * (settings.timeoutMs ?? 10_000) + 5_000).toISOString();
  let attempted = 0;
  await Promise.all(
    due.map(async (row) => {
      if (!(await claim(db, row, lease))) return;
      attempted++;
      const outcome = await attempt(db, row, settings, clock);
      await record(db, row, outcome, settings, clock());
    }),
  );
  // Only a lane's head can be sent: a message queued behind a retry is not due before that
  // retry, however old it is (counting it made the Node loop spin until the retry came due).
  const [next] = await db.all<{ at: string | null }>(sql`
    select min(d.next_attempt_at) as at from webhook_deliveries d indexed by webhook_deliveries_pending_lane_idx
    join webhook_subscriptions s on s.id = d.subscription_id
    where d.status = 'pending' and s.status = 'active'
      and not exists (
        select 1 from webhook_deliveries e
        where e.subscription_id = d.subscription_id and e.lane = d.lane
          and e.status = 'pending' and e.outbox_seq < d.outbox_seq)`);
  return { attempted, nextDueAt: next?.at ?? null };
}
