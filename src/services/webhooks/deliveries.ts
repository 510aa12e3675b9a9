import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { decodeCursor, encodeCursor, type Page, type PageRequest } from "../pagination";
import { loadWebhook } from "./subscriptions";

export interface DeliveryDto {
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

interface Row {
  id: string;
  subscription_id: string;
  message_id: string | null;
  outbox_seq: number;
  type: string | null;
  status: DeliveryDto["status"];
  attempts: number;
  next_attempt_at: string;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

const toDto = (r: Row): DeliveryDto => ({
  id: r.id,
  webhookId: r.subscription_id,
  messageId: r.message_id ?? "",
  seq: r.outbox_seq,
  type: r.type ?? "",
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === "pending" ? r.next_attempt_at : null,
  lastStatusCode: r.last_status_code,
  lastLatencyMs: r.last_latency_ms,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
  createdAt: r.created_at,
});

const SELECT = sql`select d.id, d.subscription_id, o.id as message_id, d.outbox_seq, o.type, d.status, d.attempts,
  d.next_attempt_at, d.last_status_code, d.last_latency_ms, d.last_error, d.delivered_at, d.created_at
  from webhook_deliveries d left join outbox o on o.seq = d.outbox_seq`;

/** GET …/webhooks/{id}/deliveries: oldest first (the order they are delivered in). */
export async function listDeliveries(
  ctx: ServiceContext,
  orgId: string,
  webhookId: string,
  page: PageRequest & { status?: DeliveryDto["status"] },
): Promise<Page<DeliveryDto>> {
  await loadWebhook(ctx, orgId, webhookId);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await ctx.db.all<Row>(sql`${SELECT}
    where d.subscription_id = ${webhookId}
      ${after ? sql`and d.id > ${after}` : sql``}
      ${page.status ? sql`and d.status = ${page.status}` : sql``}
    order by d.id limit ${page.limit + 1}`);
  const data = rows.slice(0, page.limit);
  const last = data.at(-1);
  return {
    data: data.map(toDto),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.id) : null,
  };
}

async function loadDelivery(ctx: ServiceContext, webhookId: string, deliveryId: string): Promise<Row> {
  const [row] = await ctx.db.all<Row>(
    sql`${SELECT} where d.id = ${deliveryId} and d.subscription_id = ${webhookId}`,
  );
  if (!row) throw notFound("delivery", deliveryId);
  return row;
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
  await loadWebhook(ctx, orgId, webhookId);
  const row = await loadDelivery(ctx, webhookId, deliveryId);
  if (row.message_id === null) {
    throw new ServiceError(
      "conflict",
      "message_expired",
      "This notification is past the outbox retention window and can no longer be sent.",
    );
  }
  if (row.status === "pending") return toDto(row);
  const now = ctx.clock().toISOString();
  await ctx.db.run(sql`update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = ${now},
                       delivered_at = null where id = ${deliveryId}`);
  return toDto(await loadDelivery(ctx, webhookId, deliveryId));
}
