/**
 * Linking a Discord account to a player record: the member asks with `/link member-number`,
 * staff of the organisation decide (with `/approve` in Discord or through the API). Approval
 * sets the player's `discordId` with the same write right as PATCH /v1/players (players:write on
 * the player's organisation), unlinks the account from any other player of that organisation
 * (one account, one player), and is audited in the same batch.
 */
import { and, asc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { newId } from "../../db/ids";
import { commitChecked, precondition } from "../../db/preconditions";
import { players, discordLinkRequests as requests } from "../../db/schema";
import { assertOrgWritable, assertWriteWithin } from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { afterCursor, type PageRequest, paginate } from "../pagination";
import { escapeMarkdown } from "../webhooks";
import {
  type CommandContext,
  type CommandSpec,
  orgOf,
  say,
  stringOption,
  text,
  user,
} from "./command-context";

const { orgId: _org, playerId: _player, ...requestColumns } = getTableColumns(requests);
/** A request as the API shows it: the player asked for instead of the organisation's own columns. */
const dto = {
  ...requestColumns,
  player: {
    id: players.id,
    name: players.name,
    externalId: players.externalId,
    discordId: players.discordId,
  },
};

const pending = (orgId: string, discordUserId: string) =>
  and(eq(requests.orgId, orgId), eq(requests.discordUserId, discordUserId), eq(requests.status, "pending"));

export const link: CommandSpec = {
  description: "Ask to link your Discord account to your player record.",
  options: [
    text("member-number", "Your membership number.", { required: true, min_length: 1, max_length: 64 }),
  ],
  // The request names the organisation's own player with that membership number and replaces the
  // member's earlier open one; audited.
  async run(cc) {
    const memberNumber = stringOption(cc, "member-number");
    if (!memberNumber) return say("Give your membership number: /link member-number:");
    const { ctx, guildId, user } = cc;
    const orgId = orgOf(cc);
    const [player] = await ctx.db
      .select({ id: players.id, name: players.name, discordId: players.discordId })
      .from(players)
      .where(and(eq(players.orgId, orgId), eq(players.externalId, memberNumber)));
    // What the member typed is echoed escaped, as names are.
    if (!player)
      return say(`No player of this organisation has the membership number ${escapeMarkdown(memberNumber)}.`);
    if (player.discordId === user.id) return say(`You are already linked to ${escapeMarkdown(player.name)}.`);
    const now = ctx.clock();
    const id = newId("dlr", now.getTime());
    const asked = { guildId, discordUserId: user.id, discordUsername: user.username };
    await ctx.db.batch([
      ctx.db.delete(requests).where(pending(orgId, user.id)),
      ctx.db.insert(requests).values({
        ...asked,
        id,
        orgId,
        playerId: player.id,
        status: "pending",
        createdAt: now.toISOString(),
      }),
      auditInsert(ctx, {
        orgId,
        action: "player.discord-link-requested",
        entityType: "player",
        entityId: player.id,
        after: { discordId: user.id, discordUsername: user.username, requestId: id },
      }),
    ]);
    // No name before approval: a membership number alone must not tell whose it is.
    return say(
      `Asked to link your account to member ${escapeMarkdown(memberNumber)}. A tournament organiser checks and approves it with /approve; until then /mytable does not know you.`,
    );
  },
};

/** GET …/discord/link-requests: oldest first, optionally one status. */
export async function listLinkRequests(
  ctx: ServiceContext,
  orgId: string,
  query: PageRequest & { status?: (typeof requests.$inferSelect)["status"] | undefined },
) {
  await assertOrgWritable(ctx, orgId, "players:write");
  return paginate(
    query,
    (limit) =>
      ctx.db
        .select(dto)
        .from(requests)
        .innerJoin(players, eq(players.id, requests.playerId))
        .where(
          and(
            eq(requests.orgId, orgId),
            query.status ? eq(requests.status, query.status) : undefined,
            afterCursor(requests.id, query),
          ),
        )
        .orderBy(asc(requests.id))
        .limit(limit),
    (row) => row,
  );
}

const decided = (requestId: string) =>
  new ServiceError(
    "conflict",
    "discord_link_request_decided",
    `Link request '${requestId}' was already approved or rejected.`,
  );

/**
 * Approves or rejects an open request. Approval needs players:write on the player's
 * organisation, exactly as changing the player's `discordId` through the API does.
 */
export async function decideLinkRequest(
  ctx: ServiceContext,
  orgId: string,
  requestId: string,
  decision: "approved" | "rejected",
) {
  await assertOrgWritable(ctx, orgId, "players:write");
  const [row] = await ctx.db
    .select({ ...dto, ancestry: orgAncestryJson(players.orgId), playerOrgId: players.orgId })
    .from(requests)
    .innerJoin(players, eq(players.id, requests.playerId))
    .where(and(eq(requests.id, requestId), eq(requests.orgId, orgId)));
  if (!row) throw notFound("discord_link_request", requestId);
  const { ancestry, playerOrgId, ...request } = row;
  if (request.status !== "pending") throw decided(requestId);
  const player = request.player;
  const actor = assertWriteWithin(ctx.actor, playerOrgId, JSON.parse(ancestry), "players:write", {
    what: "player",
    id: player.id,
  });
  const now = ctx.clock().toISOString();
  const discordId = decision === "approved" ? request.discordUserId : player.discordId;
  const decidedBy = actorClientId({ ...ctx, actor });
  await commitChecked(
    ctx.db,
    [
      // Two staff deciding at once: the second batch fails whole.
      precondition(
        ctx.db,
        `link request ${requestId} pending`,
        sql`exists (select 1 from ${requests} where ${and(eq(requests.id, requestId), eq(requests.status, "pending"))})`,
      ),
      ctx.db
        .update(requests)
        .set({ status: decision, decidedBy, decidedAt: now })
        .where(eq(requests.id, requestId)),
      ...(decision === "approved"
        ? [
            ctx.db
              .update(players)
              .set({ discordId: null, updatedAt: now })
              .where(
                and(
                  eq(players.orgId, playerOrgId),
                  eq(players.discordId, request.discordUserId),
                  ne(players.id, player.id),
                ),
              ),
            ctx.db.update(players).set({ discordId, updatedAt: now }).where(eq(players.id, player.id)),
          ]
        : []),
      auditInsert(ctx, {
        orgId,
        action: decision === "approved" ? "player.discord-linked" : "player.discord-link-rejected",
        entityType: "player",
        entityId: player.id,
        before: { discordId: player.discordId },
        after: { discordId },
        reason: `link request ${requestId} from ${request.discordUsername}`,
      }),
    ],
    () => decided(requestId),
  );
  return { ...request, status: decision, decidedBy, decidedAt: now, player: { ...player, discordId } };
}

/**
 * Linking an account changes the player's record, the organisation's and not the followed
 * event's, which narrowed API credentials may not change: the server's verified staff decide it
 * for the organisation (its reach, the role's write), as an unnarrowed client of theirs would.
 */
function organisationStaff(cc: CommandContext): ServiceContext {
  const actor = cc.ctx.actor;
  if (actor.kind !== "client") return cc.ctx;
  const { limit: _, ...unlimited } = actor;
  return { ...cc.ctx, actor: { ...unlimited, scopes: [...(actor.scopes ?? []), "org:read"] } };
}

export const approve: CommandSpec = {
  description: "Approve a member's request to link their account (organisers).",
  options: [user("member", "The member who asked with /link.", { required: true })],
  staff: true,
  async run(cc) {
    const member = stringOption(cc, "member");
    if (!member) return say("Name the member: /approve member:@name");
    const name = cc.resolvedUsers[member]?.username ?? member;
    const [open] = await cc.ctx.db
      .select({ id: requests.id })
      .from(requests)
      .where(pending(orgOf(cc), member));
    if (!open) return say(`${escapeMarkdown(name)} has no open link request (they ask with /link).`);
    const decided = await decideLinkRequest(organisationStaff(cc), orgOf(cc), open.id, "approved");
    return say(
      `Linked <@${member}> to **${escapeMarkdown(decided.player.name)}**${decided.player.externalId ? ` (member ${escapeMarkdown(decided.player.externalId)})` : ""}.`,
    );
  },
};
