/**
 * Linking a Discord account to a player record: the member asks with `/link member-number`,
 * staff of the organisation decide (with `/approve` in Discord or through the API). Approval
 * sets the player's `discordId` with the same write right as PATCH /v1/players (players:write on
 * the player's organisation), unlinks the account from any other player of that organisation
 * (one account, one player), and is audited in the same batch.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { guardRaisedByDatabase } from "../../db/errors";
import { newId } from "../../db/ids";
import { precondition } from "../../db/preconditions";
import { discordLinkRequests, players } from "../../db/schema";
import { assertOrgWritable, assertWriteWithin } from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { afterCursor, type PageRequest, paginate } from "../pagination";

type RequestRow = typeof discordLinkRequests.$inferSelect;

export interface LinkRequestDto {
  id: string;
  guildId: string;
  discordUserId: string;
  discordUsername: string;
  player: { id: string; name: string; externalId: string | null; discordId: string | null };
  status: "pending" | "approved" | "rejected";
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

const requestColumns = {
  request: discordLinkRequests,
  player: {
    id: players.id,
    name: players.name,
    externalId: players.externalId,
    discordId: players.discordId,
  },
};

function toDto(row: { request: RequestRow; player: LinkRequestDto["player"] }): LinkRequestDto {
  const r = row.request;
  return {
    id: r.id,
    guildId: r.guildId,
    discordUserId: r.discordUserId,
    discordUsername: r.discordUsername,
    player: row.player,
    status: r.status,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt,
    createdAt: r.createdAt,
  };
}

/** The organisation's own player with this membership number. */
export async function playerByMemberNumber(ctx: ServiceContext, orgId: string, memberNumber: string) {
  const [row] = await ctx.db
    .select({
      id: players.id,
      name: players.name,
      externalId: players.externalId,
      discordId: players.discordId,
    })
    .from(players)
    .where(and(eq(players.orgId, orgId), eq(players.externalId, memberNumber.normalize("NFC").trim())));
  return row;
}

/**
 * `/link`: records the request (replacing the member's earlier open one) and audits it. Returns
 * the request; the player is the organisation's own (membership numbers are unique per tree).
 */
export async function requestLink(
  ctx: ServiceContext,
  orgId: string,
  input: { guildId: string; discordUserId: string; discordUsername: string; memberNumber: string },
): Promise<{ request: LinkRequestDto; alreadyLinked: boolean }> {
  const player = await playerByMemberNumber(ctx, orgId, input.memberNumber);
  if (!player) {
    throw new ServiceError(
      "not_found",
      "player_not_found",
      `No player of this organisation has the membership number '${input.memberNumber}'.`,
    );
  }
  if (player.discordId === input.discordUserId) {
    const now = ctx.clock().toISOString();
    return {
      alreadyLinked: true,
      request: {
        id: "",
        guildId: input.guildId,
        discordUserId: input.discordUserId,
        discordUsername: input.discordUsername,
        player,
        status: "approved",
        decidedBy: null,
        decidedAt: null,
        createdAt: now,
      },
    };
  }
  const now = ctx.clock();
  const row: RequestRow = {
    id: newId("dlr", now.getTime()),
    orgId,
    guildId: input.guildId,
    discordUserId: input.discordUserId,
    discordUsername: input.discordUsername,
    playerId: player.id,
    status: "pending",
    decidedBy: null,
    decidedAt: null,
    createdAt: now.toISOString(),
  };
  await ctx.db.batch([
    ctx.db
      .delete(discordLinkRequests)
      .where(
        and(
          eq(discordLinkRequests.orgId, orgId),
          eq(discordLinkRequests.discordUserId, input.discordUserId),
          eq(discordLinkRequests.status, "pending"),
        ),
      ),
    ctx.db.insert(discordLinkRequests).values(row),
    auditInsert(ctx, {
      orgId,
      action: "player.discord-link-requested",
      entityType: "player",
      entityId: player.id,
      after: { discordId: input.discordUserId, discordUsername: input.discordUsername, requestId: row.id },
    }),
  ]);
  return { alreadyLinked: false, request: toDto({ request: row, player }) };
}

/** GET …/discord/link-requests: oldest first, optionally one status. */
export async function listLinkRequests(
  ctx: ServiceContext,
  orgId: string,
  query: PageRequest & { status?: "pending" | "approved" | "rejected" | undefined },
) {
  await assertOrgWritable(ctx, orgId, "players:write");
  return paginate(
    query,
    (limit) =>
      ctx.db
        .select({ ...requestColumns, id: discordLinkRequests.id })
        .from(discordLinkRequests)
        .innerJoin(players, eq(players.id, discordLinkRequests.playerId))
        .where(
          and(
            eq(discordLinkRequests.orgId, orgId),
            query.status ? eq(discordLinkRequests.status, query.status) : undefined,
            afterCursor(discordLinkRequests.id, query),
          ),
        )
        .orderBy(asc(discordLinkRequests.id))
        .limit(limit),
    (row) => toDto(row),
  );
}

/** The open request of a Discord user in the organisation (what `/approve @member` decides). */
export async function pendingRequestOf(ctx: ServiceContext, orgId: string, discordUserId: string) {
  const [row] = await ctx.db
    .select({ id: discordLinkRequests.id })
    .from(discordLinkRequests)
    .where(
      and(
        eq(discordLinkRequests.orgId, orgId),
        eq(discordLinkRequests.discordUserId, discordUserId),
        eq(discordLinkRequests.status, "pending"),
      ),
    );
  return row?.id;
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
): Promise<LinkRequestDto> {
  await assertOrgWritable(ctx, orgId, "players:write");
  const [row] = await ctx.db
    .select({ ...requestColumns, ancestry: orgAncestryJson(players.orgId), playerOrgId: players.orgId })
    .from(discordLinkRequests)
    .innerJoin(players, eq(players.id, discordLinkRequests.playerId))
    .where(and(eq(discordLinkRequests.id, requestId), eq(discordLinkRequests.orgId, orgId)));
  if (!row) throw notFound("discord_link_request", requestId);
  if (row.request.status !== "pending") throw decided(requestId);
  const actor = assertWriteWithin(
    ctx.actor,
    row.playerOrgId,
    JSON.parse(row.ancestry) as string[],
    "players:write",
    {
      what: "player",
      id: row.player.id,
    },
  );
  const now = ctx.clock().toISOString();
  const discordId = row.request.discordUserId;
  const decidedBy = actorClientId({ ...ctx, actor });
  const common = [
    // Two staff deciding at once: the second batch fails whole.
    precondition(
      ctx.db,
      `link request ${requestId} pending`,
      sql`exists (select 1 from ${discordLinkRequests} where ${and(eq(discordLinkRequests.id, requestId), eq(discordLinkRequests.status, "pending"))})`,
    ),
    ctx.db
      .update(discordLinkRequests)
      .set({ status: decision, decidedBy, decidedAt: now })
      .where(eq(discordLinkRequests.id, requestId)),
  ] as const;
  const audit = auditInsert(ctx, {
    orgId,
    action: decision === "approved" ? "player.discord-linked" : "player.discord-link-rejected",
    entityType: "player",
    entityId: row.player.id,
    before: { discordId: row.player.discordId },
    after: decision === "approved" ? { discordId } : { discordId: row.player.discordId },
    reason: `link request ${requestId} from ${row.request.discordUsername}`,
  });
  try {
    if (decision === "approved") {
      await ctx.db.batch([
        ...common,
        ctx.db
          .update(players)
          .set({ discordId: null, updatedAt: now })
          .where(
            and(
              eq(players.orgId, row.playerOrgId),
              eq(players.discordId, discordId),
              ne(players.id, row.player.id),
            ),
          ),
        ctx.db.update(players).set({ discordId, updatedAt: now }).where(eq(players.id, row.player.id)),
        audit,
      ]);
    } else {
      await ctx.db.batch([...common, audit]);
    }
  } catch (error) {
    if (guardRaisedByDatabase(error) === "stale_read") throw decided(requestId);
    throw error;
  }
  return toDto({
    request: { ...row.request, status: decision, decidedBy, decidedAt: now },
    player: decision === "approved" ? { ...row.player, discordId } : row.player,
  });
}
