import { and, eq, sql } from "drizzle-orm";
import { webhookDeliveries as d, outbox, webhookSubscriptions as s } from "../../db/schema";
import { assertOrgWritable } from "../access";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { RETURNED_DELIVERY } from "../outbox";
import { afterCursor, type PageRequest, paginate } from "../pagination";

/** A delivery under the API's names; the message's own id and type are null once it is pruned. */
const COLUMNS = {
  id: d.id,
  webhookId: d.subscriptionId,
  messageId: outbox.id,
  /** The change feed id (`seq`) of the notification. */
  seq: d.outboxSeq,
  type: outbox.type,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt,
  lastStatusCode: d.lastStatusCode,
  lastLatencyMs: d.lastLatencyMs,
  lastError: d.lastError,
  deliveredAt: d.deliveredAt,
  createdAt: d.createdAt,
};

const selectDeliveries = (ctx: ServiceContext) =>
  ctx.db.select(COLUMNS).from(d).leftJoin(outbox, eq(outbox.seq, d.outboxSeq));

type Row = Awaited<ReturnType<typeof selectDeliveries>>[number];

const toDto = (r: Row) => ({
  ...r,
  messageId: r.messageId ?? "",
  type: r.type ?? "",
  nextAttemptAt: r.status === "pending" ? r.nextAttemptAt : null,
});

/** GET …/webhooks/{id}/deliveries: oldest first (the order they are delivered in). */
export async function listDeliveries(
  ctx: ServiceContext,
  orgId: string,
  webhookId: string,
  page: PageRequest & { status?: Row["status"] },
) {
  await assertOrgWritable(ctx, orgId, "webhooks:manage");
  // The subscription's check and its page in one wave.
  const [found, deliveries] = await Promise.all([
    ctx.db
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.id, webhookId), eq(s.orgId, orgId))),
    paginate(
      page,
      (limit) =>
        selectDeliveries(ctx)
          .where(
            and(
              eq(d.subscriptionId, webhookId),
              afterCursor(d.id, page),
              page.status ? eq(d.status, page.status) : undefined,
            ),
          )
          .orderBy(d.id)
          .limit(limit),
      toDto,
    ),
  ]);
  if (found.length === 0) throw notFound("webhook", webhookId);
  return deliveries;
}

/**
 * POST …/deliveries/{id}/redeliver: the same message (same `webhook-id`, so receivers can
 * de-duplicate) queued again with a fresh attempt budget, in its lane's order.
 */
export async function redeliver(ctx: ServiceContext, orgId: string, webhookId: string, deliveryId: string) {
  await assertOrgWritable(ctx, orgId, "webhooks:manage");
  // The subscription's check and the delivery in one read: no row, not the organisation's webhook.
  const [row] = await ctx.db
    .select(COLUMNS)
    .from(s)
    .leftJoin(d, and(eq(d.subscriptionId, s.id), eq(d.id, deliveryId)))
    .leftJoin(outbox, eq(outbox.seq, d.outboxSeq))
    .where(and(eq(s.id, webhookId), eq(s.orgId, orgId)));
  if (!row) throw notFound("webhook", webhookId);
  if (row.id === null) throw notFound("delivery", deliveryId);
  if (row.messageId === null) {
    throw new ServiceError(
      "conflict",
      "message_expired",
      "This notification is past the outbox retention window and can no longer be sent.",
    );
  }
  if (row.status === "pending") return toDto(row as Row);
  const now = ctx.clock().toISOString();
  // The update returns the delivery it queued, as a write's fan-out does: the dispatcher is woken for it.
  const [, [reread]] = await ctx.db.batch([
    ctx.db.run(sql`update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = ${now},
                   delivered_at = null where id = ${deliveryId} returning ${sql.raw(RETURNED_DELIVERY)}`),
    selectDeliveries(ctx).where(eq(d.id, deliveryId)),
  ]);
  return toDto(reread!);
}
