import { sql } from "drizzle-orm";
import { assertOrgWritable } from "../access";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { decodeCursor, encodeCursor, type Page, type PageRequest } from "../pagination";

interface DeliveryDto {
  id: string;
  webhookId: string;
  messageId: string;
  /** The change feed id (`seq`) of the notification. */
  seq: number;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** A delivery as SELECT reads it: the DTO's names, the message's own null once it is pruned. */
type Row = Omit<DeliveryDto, "messageId" | "type"> & { messageId: string | null; type: string | null };

const toDto = (r: Row): DeliveryDto => ({
  ...r,
  messageId: r.messageId ?? "",
  type: r.type ?? "",
  nextAttemptAt: r.status === "pending" ? r.nextAttemptAt : null,
});

const SELECT = sql`select d.id, d.subscription_id as webhookId, o.id as messageId, d.outbox_seq as seq, o.type,
  d.status, d.attempts, d.next_attempt_at as nextAttemptAt, d.last_status_code as lastStatusCode,
  d.last_latency_ms as lastLatencyMs, d.last_error as lastError, d.delivered_at as deliveredAt,
  d.created_at as createdAt
  from webhook_deliveries d left join outbox o on o.seq = d.outbox_seq`;

/** GET …/webhooks/{id}/deliveries: oldest first (the order they are delivered in). */
export async function listDeliveries(
  ctx: ServiceContext,
  orgId: string,
  webhookId: string,
  page: PageRequest & { status?: DeliveryDto["status"] },
): Promise<Page<DeliveryDto>> {
  await assertOrgWritable(ctx, orgId, "webhooks:manage");
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  // The subscription's check and its page in one wave.
  const [found, rows] = await Promise.all([
    ctx.db.all<{ id: string }>(
      sql`select id from webhook_subscriptions where id = ${webhookId} and org_id = ${orgId}`,
    ),
    ctx.db.all<Row>(sql`${SELECT}
      where d.subscription_id = ${webhookId}
        ${after ? sql`and d.id > ${after}` : sql``}
        ${page.status ? sql`and d.status = ${page.status}` : sql``}
      order by d.id limit ${page.limit + 1}`),
  ]);
  if (found.length === 0) throw notFound("webhook", webhookId);
  const data = rows.slice(0, page.limit);
  const last = data.at(-1);
  return {
    data: data.map(toDto),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.id) : null,
  };
}

/** The delivery with its subscription's check: `subscription` is null when the webhook is not the organisation's. */
async function loadDelivery(ctx: ServiceContext, orgId: string, webhookId: string, deliveryId: string) {
  const [row] = await ctx.db.all<{ subscription: string } & { [K in keyof Row]: Row[K] | null }>(sql`
    select s.id as subscription, x.* from webhook_subscriptions s
    left join (${SELECT} where d.id = ${deliveryId}) x on x.webhookId = s.id
    where s.id = ${webhookId} and s.org_id = ${orgId}`);
  if (!row) throw notFound("webhook", webhookId);
  if (row.id === null) throw notFound("delivery", deliveryId);
  const { subscription: _, ...delivery } = row;
  return delivery as Row;
}

/**
 * POST …/deliveries/{id}/redeliver: the same message (same `webhook-id`, so receivers can
 * de-duplicate) queued again with a fresh attempt budget, in its lane's order.
 */
export async function redeliver(
  ctx: ServiceContext,
  orgId: string,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryDto> {
  await assertOrgWritable(ctx, orgId, "webhooks:manage");
  const row = await loadDelivery(ctx, orgId, webhookId, deliveryId);
  if (row.messageId === null) {
    throw new ServiceError(
      "conflict",
      "message_expired",
      "This notification is past the outbox retention window and can no longer be sent.",
    );
  }
  if (row.status === "pending") return toDto(row);
  const now = ctx.clock().toISOString();
  // The update and the read-back in one batch.
  const [, reread] = await ctx.db.batch([
    ctx.db.run(sql`update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = ${now},
                   delivered_at = null where id = ${deliveryId}`),
    ctx.db.all<Row>(sql`${SELECT} where d.id = ${deliveryId}`),
  ]);
  return toDto((reread as Row[])[0]!);
}
