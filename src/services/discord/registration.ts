/**
 * An organisation's Discord application: registered with its id and public key (both shown in
 * the developer portal, neither secret), verified when the organisation registers the commands
 * with the bot token, which is used for that call only and never stored. Setup codes let
 * `/setup` link a server. Owners and organisers manage all of it (the `webhooks:manage` right:
 * both are the organisation's outgoing integrations).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { isConstraintError } from "../../db/errors";
import { discordApplications, discordSetupCodes } from "../../db/schema";
import { assertOrgWritable, loadScopedEvent, requireClient } from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { COMMAND_DEFINITIONS } from "./commands";
import { applicationOfToken, type DiscordRest, overwriteCommands } from "./rest";
import { HEX_PUBLIC_KEY } from "./signature";

const MANAGE = "webhooks:manage" as const;
export const SNOWFLAKE = /^\d{15,21}$/;
/** How long a setup code may wait for `/setup`. */
export const SETUP_CODE_TTL_MS = 60 * 60 * 1000;

type ApplicationRow = typeof discordApplications.$inferSelect;

export interface DiscordApplicationDto {
  orgId: string;
  applicationId: string;
  publicKey: string;
  /** The URL to paste as the application's Interactions Endpoint URL. */
  interactionsUrl: string | null;
  /** When a bot token proved this organisation controls the application (null: not yet). */
  verifiedAt: string | null;
  commandsRegisteredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toApplicationDto(row: ApplicationRow, publicUrl?: string): DiscordApplicationDto {
  return {
    orgId: row.orgId,
    applicationId: row.applicationId,
    publicKey: row.publicKey,
    interactionsUrl: publicUrl ? `${publicUrl.replace(/\/+$/, "")}/discord/interactions` : null,
    verifiedAt: row.verifiedAt,
    commandsRegisteredAt: row.commandsRegisteredAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function loadApplication(ctx: ServiceContext, orgId: string): Promise<ApplicationRow> {
  const [row] = await ctx.db.select().from(discordApplications).where(eq(discordApplications.orgId, orgId));
  if (!row) throw notFound("discord_application", orgId);
  return row;
}

/** The application another organisation has proven, if any: it cannot be claimed again. */
async function provenElsewhere(ctx: ServiceContext, orgId: string, applicationId: string) {
  const [row] = await ctx.db
    .select({ orgId: discordApplications.orgId })
    .from(discordApplications)
    .where(
      and(eq(discordApplications.applicationId, applicationId), isNotNull(discordApplications.verifiedAt)),
    );
  return row && row.orgId !== orgId;
}

const taken = (applicationId: string) =>
  new ServiceError(
    "conflict",
    "discord_application_taken",
    `Discord application ${applicationId} is registered and verified by another organisation.`,
    { issues: [{ path: "applicationId", message: "verified by another organisation" }] },
  );

/** PUT …/discord: registers or replaces the application; a new id or key must be verified again. */
export async function registerApplication(
  ctx: ServiceContext,
  orgId: string,
  input: { applicationId: string; publicKey: string },
  publicUrl?: string,
): Promise<{ application: DiscordApplicationDto; created: boolean }> {
  await assertOrgWritable(ctx, orgId, MANAGE);
  if (!SNOWFLAKE.test(input.applicationId)) {
    throw new ServiceError("invalid", "validation_failed", "applicationId must be a Discord id (digits).", {
      issues: [
        { path: "applicationId", message: "a Discord id: 15 to 21 digits (the portal's Application ID)" },
      ],
    });
  }
  const publicKey = input.publicKey.toLowerCase();
  if (!HEX_PUBLIC_KEY.test(publicKey)) {
    throw new ServiceError("invalid", "validation_failed", "publicKey must be 64 hexadecimal digits.", {
      issues: [{ path: "publicKey", message: "64 hexadecimal digits (the portal's Public Key)" }],
    });
  }
  const [elsewhere, [before]] = await Promise.all([
    provenElsewhere(ctx, orgId, input.applicationId),
    ctx.db.select().from(discordApplications).where(eq(discordApplications.orgId, orgId)),
  ]);
  if (elsewhere) throw taken(input.applicationId);
  const now = ctx.clock().toISOString();
  const same = before?.applicationId === input.applicationId && before.publicKey === publicKey;
  const row: ApplicationRow = {
    orgId,
    applicationId: input.applicationId,
    publicKey,
    verifiedAt: same ? before.verifiedAt : null,
    commandsRegisteredAt: same ? before.commandsRegisteredAt : null,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  const { orgId: _key, createdAt: _created, ...changes } = row;
  await ctx.db.batch([
    ctx.db.insert(discordApplications).values(row).onConflictDoUpdate({
      target: discordApplications.orgId,
      set: changes,
    }),
    auditInsert(ctx, {
      orgId,
      action: before ? "discord.application-replaced" : "discord.application-registered",
      entityType: "discord_application",
      entityId: input.applicationId,
      before: before ? { applicationId: before.applicationId, publicKey: before.publicKey } : null,
      after: { applicationId: row.applicationId, publicKey },
    }),
  ]);
  return { application: toApplicationDto(row, publicUrl), created: !before };
}

export async function getApplication(
  ctx: ServiceContext,
  orgId: string,
  publicUrl?: string,
): Promise<DiscordApplicationDto> {
  await assertOrgWritable(ctx, orgId, MANAGE);
  return toApplicationDto(await loadApplication(ctx, orgId), publicUrl);
}

/** DELETE …/discord: interactions for the application are refused from now on. */
export async function deleteApplication(ctx: ServiceContext, orgId: string): Promise<void> {
  await assertOrgWritable(ctx, orgId, MANAGE);
  const row = await loadApplication(ctx, orgId);
  await ctx.db.batch([
    ctx.db.delete(discordApplications).where(eq(discordApplications.orgId, orgId)),
    auditInsert(ctx, {
      orgId,
      action: "discord.application-deleted",
      entityType: "discord_application",
      entityId: row.applicationId,
      before: { applicationId: row.applicationId, publicKey: row.publicKey },
    }),
  ]);
}

/**
 * POST …/discord/commands: checks with Discord that the bot token belongs to the registered
 * application and key (which verifies the registration), then replaces the application's
 * commands. The token is used for these two calls and forgotten.
 */
export async function registerCommands(
  ctx: ServiceContext,
  rest: DiscordRest,
  orgId: string,
  botToken: string,
  publicUrl?: string,
): Promise<{ application: DiscordApplicationDto; commands: { id: string; name: string }[] }> {
  await assertOrgWritable(ctx, orgId, MANAGE);
  const row = await loadApplication(ctx, orgId);
  const owner = await applicationOfToken(rest, botToken);
  if (owner.id !== row.applicationId) {
    throw new ServiceError(
      "invalid",
      "discord_application_mismatch",
      `This bot token belongs to Discord application ${owner.id}, not to the registered ${row.applicationId}.`,
      { issues: [{ path: "botToken", message: "belongs to another application" }] },
    );
  }
  if (owner.verify_key.toLowerCase() !== row.publicKey) {
    throw new ServiceError(
      "invalid",
      "discord_application_mismatch",
      "The registered public key is not this application's: copy the Public Key from the portal again and PUT it.",
      { issues: [{ path: "publicKey", message: "differs from the application's key at Discord" }] },
    );
  }
  if (await provenElsewhere(ctx, orgId, row.applicationId)) throw taken(row.applicationId);
  const registered = await overwriteCommands(rest, row.applicationId, botToken, COMMAND_DEFINITIONS);
  const now = ctx.clock().toISOString();
  try {
    await ctx.db.batch([
      ctx.db
        .update(discordApplications)
        .set({ verifiedAt: row.verifiedAt ?? now, commandsRegisteredAt: now, updatedAt: now })
        .where(eq(discordApplications.orgId, orgId)),
      auditInsert(ctx, {
        orgId,
        action: "discord.commands-registered",
        entityType: "discord_application",
        entityId: row.applicationId,
        after: { commands: registered.map((c) => c.name) },
      }),
    ]);
  } catch (error) {
    if (isConstraintError(error)) throw taken(row.applicationId);
    throw error;
  }
  return {
    application: toApplicationDto(
      { ...row, verifiedAt: row.verifiedAt ?? now, commandsRegisteredAt: now, updatedAt: now },
      publicUrl,
    ),
    commands: registered.map((c) => ({ id: c.id, name: c.name })),
  };
}

/** 12 characters of Crockford base32 (60 bits), shown as XXXX-XXXX-XXXX; `/setup` takes it within the hour. */
function newSetupCode(): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const chars = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => alphabet[b & 31]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

export async function hashSetupCode(code: string): Promise<string> {
  const normalized = code.replace(/[\s-]/g, "").toUpperCase();
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normalized));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The event must be one of the organisation's (its own, a descendant's, or one it hosts a session of). */
export async function assertEventOfOrg(
  ctx: ServiceContext,
  orgId: string,
  eventId: string,
  path = "eventId",
) {
  const event = await loadScopedEvent(ctx, eventId);
  if (!event || !(event.ancestry.includes(orgId) || event.hosts.includes(orgId))) {
    throw new ServiceError(
      "invalid",
      "event_out_of_scope",
      `Event '${eventId}' is not an event of this organisation.`,
      { issues: [{ path, message: "not an event of this organisation" }] },
    );
  }
  return event;
}

/** POST …/discord/setup-codes: a one-time code for `/setup` (only its hash is kept). */
export async function createSetupCode(
  ctx: ServiceContext,
  orgId: string,
  input: { eventId?: string | null | undefined },
): Promise<{ code: string; expiresAt: string; eventId: string | null }> {
  await assertOrgWritable(ctx, orgId, MANAGE);
  requireClient(ctx.actor);
  await Promise.all([
    loadApplication(ctx, orgId),
    input.eventId ? assertEventOfOrg(ctx, orgId, input.eventId) : undefined,
  ]);
  const now = ctx.clock();
  const code = newSetupCode();
  const expiresAt = new Date(now.getTime() + SETUP_CODE_TTL_MS).toISOString();
  await ctx.db.insert(discordSetupCodes).values({
    codeHash: await hashSetupCode(code),
    orgId,
    eventId: input.eventId ?? null,
    expiresAt,
    createdBy: actorClientId(ctx),
    createdAt: now.toISOString(),
  });
  return { code, expiresAt, eventId: input.eventId ?? null };
}
