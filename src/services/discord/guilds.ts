/**
 * Discord servers linked to an organisation, and the setup codes that link them. The deployment
 * has one application, so a server is linked to one organisation at most, and it acts as a
 * narrow client of it: members read what a `standings:read` reader of that organisation reads
 * (limited to the server's event when it follows one), and members holding a mapped staff role
 * act with that role for the staff commands. Owners and organisers manage the links and codes
 * (the `webhooks:manage` right: both are the organisation's outgoing integrations).
 */

import { and, asc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { isConstraintError } from "../../db/errors";
import { commitChecked, precondition } from "../../db/preconditions";
import { discordGuilds, discordSetupCodes } from "../../db/schema";
import { assertOrgWritable, type ClientActor, loadScopedEvent, ORG_ROLES, type OrgRole } from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { newTypedCode, sha256Hex } from "../secrets";
import { type CommandContext, stringOption } from "./command-context";

const MANAGE = "webhooks:manage" as const;
/** How long a setup code may wait for `/setup`. */
const SETUP_CODE_TTL_MS = 60 * 60 * 1000;

export type GuildLink = typeof discordGuilds.$inferSelect;

export async function loadGuildLink(db: ServiceContext["db"], guildId: string) {
  const [row] = await db.select().from(discordGuilds).where(eq(discordGuilds.guildId, guildId));
  return row;
}

/** The strongest organisation role the member's Discord roles are mapped to, if any. */
export function staffRoleOf(link: GuildLink, memberRoles: readonly string[]): OrgRole | undefined {
  const mapped = new Set(memberRoles.map((r) => link.staffRoles[r]));
  // ORG_ROLES runs from the strongest (owner) to the weakest (reader).
  return ORG_ROLES.find((role) => mapped.has(role));
}

/**
 * The actor a member's command runs as: a client of the server's organisation, as narrow as
 * the commands need (see the file comment): everyone reads, staff may also link players
 * (approval). `clientId` names the Discord user, for the audit.
 */
export function guildActor(
  link: GuildLink | undefined,
  discordUserId: string,
  staffRole?: OrgRole,
): ClientActor {
  const clientId = `discord:${discordUserId}`;
  // A member without a staff role in a server that follows no event (or is not linked yet) reads
  // what the public reads: a client of no organisation sees public events only. A followed
  // private event was shared with the server by its staff (setupGuild).
  if (!link || (!staffRole && !link.eventId))
    return { kind: "client", clientId, orgId: null, role: "reader", scopes: ["standings:read"] };
  return {
    kind: "client",
    clientId,
    orgId: link.orgId,
    role: staffRole ?? "reader",
    scopes: staffRole ? ["standings:read", "players:write"] : ["standings:read"],
    ...(link.eventId ? { limit: { eventId: link.eventId } } : {}),
  };
}

const setupCodeInvalid = () =>
  new ServiceError(
    "invalid",
    "discord_setup_code_invalid",
    "This setup code is unknown, used or expired: ask for a new one.",
  );

const hashSetupCode = (code: string) => sha256Hex(code.replace(/[\s-]/g, "").toUpperCase());

/** The event must be one of the organisation's (its own, a descendant's, or one it hosts a session of). */
async function assertEventOfOrg(ctx: ServiceContext, orgId: string, eventId: string, path = "eventId") {
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

/** POST …/discord/setup-codes: a one-time code for `/setup`, valid an hour (only its hash is kept). */
export async function createSetupCode(
  ctx: ServiceContext,
  orgId: string,
  input: { eventId?: string | null | undefined },
): Promise<{ code: string; expiresAt: string; eventId: string | null }> {
  await assertOrgWritable(ctx, orgId, MANAGE);
  if (input.eventId) await assertEventOfOrg(ctx, orgId, input.eventId);
  const now = ctx.clock();
  const code = newTypedCode();
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

/** The setup code a server not linked yet runs `/setup` with: it must be known, unused and unexpired. */
async function unusedSetupCode(ctx: ServiceContext, plain: string | undefined, now: string) {
  if (!plain) {
    throw new ServiceError(
      "invalid",
      "discord_setup_code_required",
      "This server is not linked yet: run /setup with the code an organiser of the tournament organisation created (POST …/discord/setup-codes or `discord setup-code` of the CLI).",
    );
  }
  const hash = await hashSetupCode(plain);
  const [code] = await ctx.db.select().from(discordSetupCodes).where(eq(discordSetupCodes.codeHash, hash));
  if (!code || code.usedAt !== null || code.expiresAt <= now) throw setupCodeInvalid();
  return code;
}

/** Who may make a linked server follow a private event without a setup code. */
const SHARES_PRIVATE_EVENTS: readonly (OrgRole | undefined)[] = ["owner", "organizer"];

/**
 * `/setup`: the caller has Manage Server (checked by the command). A server not linked yet needs
 * an unused, unexpired setup code, which names the organisation (and maybe the event to follow);
 * a linked one may change its event and staff roles without one. One batch, audited: the code
 * spent (a new server), the link written.
 */
export async function setupGuild(cc: CommandContext): Promise<GuildLink> {
  const { ctx, guildId, link: existing } = cc;
  const now = ctx.clock().toISOString();
  const redeemed = existing ? undefined : await unusedSetupCode(ctx, stringOption(cc, "code"), now);
  const orgId = existing?.orgId ?? redeemed!.orgId;
  // The event to follow: `none` stops following one, absent keeps the current one.
  let eventId = existing?.eventId ?? redeemed?.eventId ?? null;
  const requested = stringOption(cc, "event");
  if (requested?.toLowerCase() === "none") eventId = null;
  else if (requested) {
    const event = await assertEventOfOrg(ctx, orgId, requested, "event");
    // Manage Server is a Discord right, not the organisation's: sharing a private event with the
    // server's members needs a setup code or a mapped organiser role.
    if (event.visibility !== "public" && !redeemed && !SHARES_PRIVATE_EVENTS.includes(cc.staffRole)) {
      throw new ServiceError(
        "invalid",
        "discord_setup_code_required",
        "This event is private: following it shows it to every member of the server, so it needs a setup code of the organisation (/setup code: event:) or a member holding the organiser role.",
        { issues: [{ path: "event", message: "private: needs a setup code or the organiser role" }] },
      );
    }
    eventId = event.id;
  }
  // An organisation role maps to one Discord role at most.
  const staffRoles: Record<string, string> = { ...existing?.staffRoles };
  for (const role of ["referee", "organizer"]) {
    const roleId = stringOption(cc, `${role}-role`);
    if (!roleId) continue;
    for (const [id, r] of Object.entries(staffRoles)) if (r === role) delete staffRoles[id];
    staffRoles[roleId] = role;
  }
  const linkedBy = cc.user.id;
  const link = {
    orgId,
    guildId,
    eventId,
    staffRoles,
    linkedBy,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  try {
    await commitChecked(
      ctx.db,
      [
        // A server linked meanwhile (another code, another organisation) fails the insert: the
        // batch, code included, is undone.
        existing
          ? ctx.db
              .update(discordGuilds)
              .set({ eventId, staffRoles, linkedBy, updatedAt: now })
              .where(and(eq(discordGuilds.guildId, guildId), eq(discordGuilds.orgId, orgId)))
          : ctx.db.insert(discordGuilds).values(link),
        ...(redeemed
          ? [
              // Two servers racing with one code: the second batch fails whole.
              precondition(
                ctx.db,
                "setup code unused",
                sql`exists (select 1 from ${discordSetupCodes} where ${and(eq(discordSetupCodes.codeHash, redeemed.codeHash), isNull(discordSetupCodes.usedAt))})`,
              ),
              ctx.db
                .update(discordSetupCodes)
                .set({ usedAt: now, usedByGuildId: guildId })
                .where(eq(discordSetupCodes.codeHash, redeemed.codeHash)),
            ]
          : []),
        auditInsert(ctx, {
          orgId,
          eventId,
          action: existing ? "discord.guild-updated" : "discord.guild-linked",
          entityType: "discord_guild",
          entityId: guildId,
          before: existing ? { eventId: existing.eventId, staffRoles: existing.staffRoles } : null,
          after: { eventId, staffRoles },
        }),
      ],
      setupCodeInvalid,
    );
  } catch (error) {
    // The same server linked by another request a moment ago.
    if (isConstraintError(error)) throw setupCodeInvalid();
    throw error;
  }
  return link;
}

const { orgId: _org, ...guildColumns } = getTableColumns(discordGuilds);

/** GET …/discord/guilds: every linked server (an organisation links a handful: one page). */
export async function listGuilds(ctx: ServiceContext, orgId: string) {
  await assertOrgWritable(ctx, orgId, MANAGE);
  const data = await ctx.db
    .select(guildColumns)
    .from(discordGuilds)
    .where(eq(discordGuilds.orgId, orgId))
    .orderBy(asc(discordGuilds.createdAt), asc(discordGuilds.guildId));
  return { data, nextCursor: null };
}

/** DELETE …/discord/guilds/{guildId}: the server's commands answer "not linked" from now on. */
export async function unlinkGuild(ctx: ServiceContext, orgId: string, guildId: string): Promise<void> {
  await assertOrgWritable(ctx, orgId, MANAGE);
  const link = await loadGuildLink(ctx.db, guildId);
  if (link?.orgId !== orgId) throw notFound("discord_guild", guildId);
  const { orgId: _org, ...before } = link;
  await ctx.db.batch([
    ctx.db
      .delete(discordGuilds)
      .where(and(eq(discordGuilds.orgId, orgId), eq(discordGuilds.guildId, guildId))),
    auditInsert(ctx, {
      orgId,
      action: "discord.guild-unlinked",
      entityType: "discord_guild",
      entityId: guildId,
      before,
    }),
  ]);
}
