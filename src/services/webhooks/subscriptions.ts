import { and, eq, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { newId } from "../../db/ids";
import { events, webhookSubscriptions } from "../../db/schema";
import { assertOrgWritable } from "../access";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { RETURNED_DELIVERY, type WebhookEventType } from "../outbox";
import { type Page, type PageRequest, paginateRows } from "../pagination";
import { WEBHOOK_LIMITS } from "./dispatch";
import { newSigningSecret } from "./signing";
import {
  assertSafeTarget,
  isDiscordWebhookUrl,
  type ResolveHost,
  type TargetPolicy,
  UnsafeTargetError,
} from "./url-guard";

/** What subscription writes need besides the request: the SSRF policy and a resolver. */
export interface WebhookTargetSettings extends TargetPolicy {
  resolveHost: ResolveHost;
}

type Row = typeof webhookSubscriptions.$inferSelect;

/** What a client writes: the row's fields, all but the URL and event types optional. */
type WebhookInput = Pick<Row, "url"> &
  Partial<Pick<Row, "eventId" | "includeDescendants" | "format" | "description">> & {
    eventTypes: WebhookEventType[];
  };

function toWebhookDto(row: Row) {
  return {
    id: row.id,
    orgId: row.orgId,
    url: row.url,
    format: row.format,
    eventTypes: row.eventTypes,
    eventId: row.eventId,
    includeDescendants: row.includeDescendants,
    description: row.description,
    enabled: row.status === "active",
    disabledReason: row.disabledReason,
    failureStreak: row.failureStreak,
    /** Until when the secret before the last rotation still signs (null: no overlap running). */
    previousSecretExpiresAt: row.previousSecretExpiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

type WebhookDto = ReturnType<typeof toWebhookDto>;

async function checkedUrl(url: string, settings: WebhookTargetSettings): Promise<string> {
  try {
    return (await assertSafeTarget(url, settings, settings.resolveHost)).href;
  } catch (error) {
    if (!(error instanceof UnsafeTargetError)) throw error;
    throw new ServiceError("invalid", "unsafe_webhook_target", `The webhook URL ${error.message}.`, {
      issues: [{ path: "url", message: `https on port 443 to a public host only: ${error.message}` }],
    });
  }
}

/** The event must belong to the subscription's organisation (or, with descendants, its tree). */
async function checkEvent(ctx: ServiceContext, orgId: string, eventId: string, descendants: boolean) {
  const [event] = await ctx.db
    .select({ orgId: events.orgId, ancestry: orgAncestryJson(events.orgId) })
    .from(events)
    .where(eq(events.id, eventId));
  const inScope =
    event &&
    (event.orgId === orgId || (descendants && (JSON.parse(event.ancestry) as string[]).includes(orgId)));
  if (!inScope) {
    throw new ServiceError(
      "invalid",
      "event_out_of_scope",
      `Event '${eventId}' is not in this subscription's organisation scope.`,
      {
        issues: [
          {
            path: "eventId",
            message: "not an event of this organisation (or, with includeDescendants, its tree)",
          },
        ],
      },
    );
  }
}

/** POST …/webhooks: owners and organisers of the organisation itself; the secret is returned once. */
export async function createWebhook(
  ctx: ServiceContext,
  settings: WebhookTargetSettings,
  orgId: string,
  input: WebhookInput,
): Promise<WebhookDto & { secret: string }> {
  await assertOrgWritable(ctx, orgId, "webhooks:manage");
  const url = await checkedUrl(input.url, settings);
  const includeDescendants = input.includeDescendants ?? false;
  if (input.eventId) await checkEvent(ctx, orgId, input.eventId, includeDescendants);
  const now = ctx.clock();
  // Inserted, then counted in the same transaction: two creations racing for the last place
  // cannot both keep it.
  const [[row], [held]] = await ctx.db.batch([
    ctx.db
      .insert(webhookSubscriptions)
      .values({
        id: newId("whk", now.getTime()),
        orgId,
        url,
        format: input.format ?? (isDiscordWebhookUrl(url) ? "discord" : "standard"),
        eventTypes: [...new Set(input.eventTypes)],
        eventId: input.eventId ?? null,
        includeDescendants,
        description: input.description ?? null,
        secret: newSigningSecret(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .returning(),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.orgId, orgId)),
  ]);
  if (held!.n > WEBHOOK_LIMITS.subscriptionsPerOrg) {
    await ctx.db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, row!.id));
    throw new ServiceError(
      "conflict",
      "too_many_webhooks",
      `An organisation holds at most ${WEBHOOK_LIMITS.subscriptionsPerOrg} webhook subscriptions (disabled ones included); delete one before adding another.`,
    );
  }
  return { ...toWebhookDto(row!), secret: row!.secret };
}

async function loadWebhook(ctx: ServiceContext, orgId: string, webhookId: string): Promise<Row> {
  await assertOrgWritable(ctx, orgId, "webhooks:manage");
  const [row] = await ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.orgId, orgId)));
  if (!row) throw notFound("webhook", webhookId);
  return row;
}

export async function listWebhooks(
  ctx: ServiceContext,
  orgId: string,
  page: PageRequest,
): Promise<Page<WebhookDto>> {
  await assertOrgWritable(ctx, orgId, "webhooks:manage");
  return paginateRows(
    ctx.db,
    page,
    webhookSubscriptions,
    eq(webhookSubscriptions.orgId, orgId),
    toWebhookDto,
  );
}

export async function getWebhook(ctx: ServiceContext, orgId: string, webhookId: string): Promise<WebhookDto> {
  return toWebhookDto(await loadWebhook(ctx, orgId, webhookId));
}

interface WebhookPatch extends Partial<WebhookInput> {
  /** false pauses delivery (notifications keep queueing); true resumes and clears the failure streak. */
  enabled?: boolean;
}

export async function updateWebhook(
  ctx: ServiceContext,
  settings: WebhookTargetSettings,
  orgId: string,
  webhookId: string,
  patch: WebhookPatch,
): Promise<WebhookDto> {
  const row = await loadWebhook(ctx, orgId, webhookId);
  const { url, eventTypes, enabled, ...fields } = patch;
  const next: Row = { ...row, ...fields, updatedAt: ctx.clock().toISOString() };
  if (url !== undefined) {
    next.url = await checkedUrl(url, settings);
    next.format = patch.format ?? (isDiscordWebhookUrl(next.url) ? "discord" : "standard");
  }
  if (eventTypes !== undefined) next.eventTypes = [...new Set(eventTypes)];
  if (next.eventId && (patch.eventId !== undefined || patch.includeDescendants !== undefined)) {
    await checkEvent(ctx, orgId, next.eventId, next.includeDescendants);
  }
  if (enabled === true) {
    Object.assign(next, { status: "active", disabledReason: null, failureStreak: 0, failingSince: null });
  } else if (enabled === false && row.status === "active") {
    Object.assign(next, {
      status: "disabled",
      disabledReason: "disabled by a client (PATCH enabled: false)",
    });
  }
  const update = ctx.db.update(webhookSubscriptions).set(next).where(eq(webhookSubscriptions.id, row.id));
  if (enabled === true) {
    // What it queued meanwhile is due again: read in its batch under the fan-out's column name,
    // so the write wakes the dispatcher as a write that queued deliveries does.
    await ctx.db.batch([
      update,
      ctx.db.all(sql`select ${sql.raw(RETURNED_DELIVERY)} from webhook_deliveries
                     where subscription_id = ${row.id} and status = 'pending' limit 1`),
    ]);
  } else await update;
  return toWebhookDto(next);
}

/**
 * A new signing secret, returned once. The old one keeps signing next to it for
 * `overlapSeconds` (both signatures in `webhook-signature`), so receivers switch without a gap.
 */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  orgId: string,
  webhookId: string,
  overlapSeconds: number,
): Promise<WebhookDto & { secret: string }> {
  const row = await loadWebhook(ctx, orgId, webhookId);
  const now = ctx.clock();
  const next: Row = {
    ...row,
    secret: newSigningSecret(),
    previousSecret: overlapSeconds > 0 ? row.secret : null,
    previousSecretExpiresAt:
      overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000).toISOString() : null,
    updatedAt: now.toISOString(),
  };
  await ctx.db.update(webhookSubscriptions).set(next).where(eq(webhookSubscriptions.id, row.id));
  return { ...toWebhookDto(next), secret: next.secret };
}

/** Deletes the subscription and its delivery log. */
export async function deleteWebhook(ctx: ServiceContext, orgId: string, webhookId: string): Promise<void> {
  const row = await loadWebhook(ctx, orgId, webhookId);
  await ctx.db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, row.id));
}
