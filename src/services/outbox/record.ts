import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "../../db/ids";
import type { ServiceContext } from "../context";
import { RETURNED_DELIVERY, RETURNED_MESSAGE } from "./committed";
import type { WebhookEventType } from "./event-types";

interface OutboxMessage {
  type: WebhookEventType;
  /** The organisation that owns the change (an event's organisation). */
  orgId: string;
  /** That organisation and its ancestors: who may follow it and which subscriptions match. */
  ancestry: readonly string[];
  eventId?: string | null;
  data: Record<string, unknown>;
  /**
   * Sets `data.resultsVersion` from the event row inside the batch, so a statement placed
   * after the version bump records the version that batch committed, even under races.
   */
  resultsVersionOf?: string;
  /**
   * Not for Discord channels: a message they would read as news although nothing they show
   * changed (standings.changed of a pending sheet). Standard receivers still get it.
   */
  notForDiscord?: boolean;
}

/**
 * The one outbox hook: statements to put in the SAME `db.batch` as the change they announce
 * (after it, so a failing change statement rolls them back too). The first inserts the
 * message; the second files it under each organisation of its ancestry (what the change feeds
 * read); the third fans it out to every matching subscription in that same transaction, so a
 * committed change has its deliveries and a losing one has none. Building them records
 * nothing: the first and the last return what they wrote, and once the batch has committed the
 * request reads its notices from those rows (committedChanges).
 */
export function outboxStatements(
  ctx: ServiceContext,
  message: OutboxMessage,
): [BatchItem<"sqlite">, BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const now = ctx.clock();
  const at = now.toISOString();
  const id = newId("msg", now.getTime());
  const data = JSON.stringify(message.data);
  const dataSql = message.resultsVersionOf
    ? sql`json_set(${data}, '$.resultsVersion', (select results_version from events where id = ${message.resultsVersionOf}))`
    : sql`json(${data})`;
  const insert = ctx.db.run(sql`
    insert into outbox (id, type, org_id, ancestry, event_id, data, created_at)
    values (${id}, ${message.type}, ${message.orgId}, ${JSON.stringify(message.ancestry)},
            ${message.eventId ?? null}, ${dataSql}, ${at})
    returning ${sql.raw(RETURNED_MESSAGE)}`);
  // From the stored row, so the feeds' index says exactly what its ancestry says.
  const members = ctx.db.run(sql`
    insert into outbox_orgs (org_id, seq)
    select distinct a.value, o.seq from outbox o, json_each(o.ancestry) a where o.id = ${id}`);
  // Disabled subscriptions still queue (they resume where they stopped when re-enabled, within
  // the outbox's retention window).
  const fanOut = ctx.db.run(sql`
    insert into webhook_deliveries (id, subscription_id, outbox_seq, lane, status, attempts, next_attempt_at, created_at)
    select 'dlv_' || printf('%012d', o.seq) || upper(hex(randomblob(6))), s.id, o.seq, coalesce(o.event_id, ''), 'pending', 0, ${at}, ${at}
    from outbox o
    join webhook_subscriptions s
      on (s.org_id = o.org_id
          or (s.include_descendants = 1 and s.org_id in (select value from json_each(o.ancestry))))
     and (s.event_id is null or s.event_id = o.event_id)
     and exists (select 1 from json_each(s.event_types) t where t.value = o.type)
     and (${message.notForDiscord ? 1 : 0} = 0 or s.format <> 'discord')
    where o.id = ${id}
    returning ${sql.raw(RETURNED_DELIVERY)}`);
  return [insert, members, fanOut];
}
