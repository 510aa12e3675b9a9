/**
 * The delivery rows, read and written a pool's tick at a time: one read of what is due, one
 * claim of everything the tick starts, and one batch for everything that finished since the last
 * tick, however many deliveries that is. Per-delivery statements were most of what push cost
 * the API on Node, where a local database's statements run on the event loop.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { RecordedAttempt } from "./dispatch";

export interface DueRow {
  id: string;
  subscription_id: string;
  /** The subscription's organisation: the tenant whose turn it is. */
  owner_org_id: string;
  failure_streak: number;
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

/** A lane's head: nothing pending before it in its lane (subscription × tournament event). */
const LANE_HEAD = sql`not exists (
        select 1 from webhook_deliveries e
        where e.subscription_id = d.subscription_id and e.lane = d.lane
          and e.status = 'pending' and e.outbox_seq < d.outbox_seq)`;

/**
 * Due deliveries, each the oldest pending one of its lane, so a lane is delivered strictly in
 * order while other lanes proceed. Each organisation offers at most `perOrg` of them (and each
 * subscription `perSubscription`), oldest first, ranked so that every organisation's oldest
 * comes before any organisation's second: one tenant's backlog cannot fill the window. Both
 * the rows and the lane-head test read the partial index of pending rows: a read costs what is
 * pending, not the delivered history.
 */
export function selectDue(
  db: Database,
  now: string,
  limits: { perOrg: number; perSubscription: number; total: number; skip: readonly string[] },
) {
  return db.all<DueRow>(sql`
    select * from (
      select *, row_number() over (partition by owner_org_id order by seq) as org_rank from (
        select d.id, d.subscription_id, d.attempts, d.next_attempt_at,
               o.id as message_id, o.seq, o.type, o.org_id, o.data, o.created_at,
               s.org_id as owner_org_id, s.failure_streak,
               s.url, s.format, s.secret, s.previous_secret, s.previous_secret_expires_at,
               row_number() over (partition by d.subscription_id order by d.outbox_seq) as sub_rank
        from webhook_deliveries d indexed by webhook_deliveries_pending_lane_idx
        join webhook_subscriptions s on s.id = d.subscription_id
        join outbox o on o.seq = d.outbox_seq
        where d.status = 'pending' and d.next_attempt_at <= ${now} and s.status = 'active'
          and ${LANE_HEAD}
          ${limits.skip.length > 0 ? sql`and s.org_id not in (select value from json_each(${JSON.stringify(limits.skip)}))` : sql``}
      ) where sub_rank <= ${limits.perSubscription}
    ) where org_rank <= ${limits.perOrg}
    order by org_rank, seq
    limit ${limits.total}`);
}

/** When the next lane head is due (null: nothing pending to an active subscription). */
export async function nextDueAt(db: Database): Promise<string | null> {
  // Only a lane's head can be sent: a message queued behind a retry is not due before that
  // retry, however old it is (counting it made the Node loop spin until the retry came due).
  const [next] = await db.all<{ at: string | null }>(sql`
    select min(d.next_attempt_at) as at from webhook_deliveries d indexed by webhook_deliveries_pending_lane_idx
    join webhook_subscriptions s on s.id = d.subscription_id
    where d.status = 'pending' and s.status = 'active' and ${LANE_HEAD}`);
  return next?.at ?? null;
}

/**
 * Takes deliveries by pushing each one's due time past its attempt (a lease: a crash means one
 * more attempt, never none), all in one statement. A row another dispatcher took first (its due
 * time moved) is not returned.
 */
export async function claimAll(
  db: Database,
  claims: readonly { id: string; due: string; lease: string }[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const taken = await db.all<{ id: string }>(sql`
    update webhook_deliveries set next_attempt_at = c.lease
    from (select value ->> 'id' as id, value ->> 'due' as due, value ->> 'lease' as lease
          from json_each(${JSON.stringify(claims)})) c
    where webhook_deliveries.id = c.id and webhook_deliveries.status = 'pending'
      and webhook_deliveries.next_attempt_at = c.due
    returning webhook_deliveries.id as id`);
  return new Set(taken.map((r) => r.id));
}

/**
 * Each subscription's streak over the attempts of one tick, in the order they finished: whether
 * an attempt succeeded (reset: the streak starts again from 0), the failures after the last
 * success (or all of them), when the first of those happened, and the last error and time.
 */
function streaksOf(attempts: readonly RecordedAttempt[]) {
  const streaks = new Map<
    string,
    { id: string; reset: 0 | 1; failures: number; since: string | null; error: string | null; at: string }
  >();
  for (const a of attempts) {
    let s = streaks.get(a.subscriptionId);
    if (!s) {
      s = { id: a.subscriptionId, reset: 0, failures: 0, since: null, error: null, at: a.at };
      streaks.set(a.subscriptionId, s);
    }
    if (a.ok) Object.assign(s, { reset: 1, failures: 0, since: null });
    else {
      s.failures++;
      s.since ??= a.at;
      s.error = a.error ?? "unknown";
    }
    s.at = a.at;
  }
  return [...streaks.values()];
}

/**
 * The statements that record a tick's finished attempts: the delivery rows, then each
 * subscription's failure streak (a subscription that keeps failing is disabled after
 * `disableAfter` attempts in a row, saying why).
 */
export function recordStatements(db: Database, attempts: readonly RecordedAttempt[], disableAfter: number) {
  const deliveries = db.run(sql`
    update webhook_deliveries set status = r.status, attempts = r.attempts, next_attempt_at = r.next,
      delivered_at = coalesce(r.delivered, webhook_deliveries.delivered_at), last_status_code = r.code,
      last_latency_ms = r.latency, last_error = r.error
    from (select value ->> 'deliveryId' as id, value ->> 'status' as status, value ->> 'attempts' as attempts,
                 value ->> 'nextAttemptAt' as next, value ->> 'deliveredAt' as delivered,
                 value ->> 'statusCode' as code, value ->> 'latencyMs' as latency, value ->> 'error' as error
          from json_each(${JSON.stringify(attempts)})) r
    where webhook_deliveries.id = r.id`);
  const subscriptions = db.run(sql`
    update webhook_subscriptions set
      failure_streak = t.streak,
      failing_since = case when t.failures = 0 then null
                           when t.reset = 1 then t.since
                           else coalesce(failing_since, t.since) end,
      status = case when t.failures > 0 and t.streak >= ${disableAfter} then 'disabled' else status end,
      disabled_reason = case when t.failures > 0 and t.streak >= ${disableAfter}
        then ${`disabled after ${disableAfter} consecutive failed attempts; last: `} || t.error || ' at ' || t.at
        else disabled_reason end
    from (select value ->> 'id' as id, value ->> 'reset' as reset, value ->> 'failures' as failures,
                 value ->> 'since' as since, value ->> 'error' as error, value ->> 'at' as at,
                 (case when value ->> 'reset' = 1 then 0 else s.failure_streak end) + (value ->> 'failures') as streak
          from json_each(${JSON.stringify(streaksOf(attempts))}) join webhook_subscriptions s on s.id = value ->> 'id') t
    where webhook_subscriptions.id = t.id`);
  return [deliveries, subscriptions] as const;
}
