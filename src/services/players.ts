import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { orgAncestryJson } from "../db/ancestry";
import { newId } from "../db/ids";
import { organizations, players } from "../db/schema";
import { assertWriteWithin, canReadOrg, orgSubtree, requireClient } from "./access";
import type { ServiceContext } from "./context";
import { notFound, ServiceError } from "./errors";
import { assertOrgReadable, assertOrgWritable } from "./org-access";
import { afterCursor, type PageRequest, paginate } from "./pagination";

type PlayerRow = typeof players.$inferSelect;

export function toPlayerDto(row: PlayerRow) {
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    externalId: row.externalId,
    discordId: row.discordId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type PlayerDto = ReturnType<typeof toPlayerDto>;

export interface PlayerInput {
  name: string;
  externalId?: string | null;
  discordId?: string | null;
}

async function treeOrgIds(ctx: ServiceContext, orgId: string): Promise<string[]> {
  const [row] = await ctx.db
    .select({ chain: orgAncestryJson(organizations.id) })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const root = row ? (JSON.parse(row.chain) as string[]).at(-1) : undefined;
  return orgSubtree(ctx.db, root ?? orgId);
}

/** externalId is a federation membership number: unique over the whole organisation tree. */
async function assertExternalIdFree(
  ctx: ServiceContext,
  orgId: string,
  externalId: string,
  exceptPlayerId?: string,
) {
  const [clash] = await ctx.db
    .select({ id: players.id })
    .from(players)
    .where(
      and(
        inArray(players.orgId, await treeOrgIds(ctx, orgId)),
        eq(players.externalId, externalId),
        exceptPlayerId ? ne(players.id, exceptPlayerId) : undefined,
      ),
    )
    .limit(1);
  if (clash) {
    throw new ServiceError(
      "conflict",
      "external_id_taken",
      `externalId '${externalId}' already belongs to another player of this organisation tree.`,
      {
        issues: [{ path: "externalId", message: "already used in this organisation tree" }],
      },
    );
  }
}

export async function createPlayer(
  ctx: ServiceContext,
  orgId: string,
  input: PlayerInput,
): Promise<PlayerDto> {
  await assertOrgWritable(ctx, orgId, "players:write");
  if (input.externalId) await assertExternalIdFree(ctx, orgId, input.externalId);
  const now = ctx.clock();
  const [row] = await ctx.db
    .insert(players)
    .values({
      id: newId("ply", now.getTime()),
      orgId,
      name: input.name,
      externalId: input.externalId ?? null,
      discordId: input.discordId ?? null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .returning();
  return toPlayerDto(row!);
}

async function loadPlayer(ctx: ServiceContext, playerId: string) {
  const [row] = await ctx.db
    .select({ player: players, ancestry: orgAncestryJson(players.orgId) })
    .from(players)
    .where(eq(players.id, playerId));
  const ancestry = row ? (JSON.parse(row.ancestry) as string[]) : [];
  if (!row || !canReadOrg(ctx.actor, ancestry)) throw notFound("player", playerId);
  return { player: row.player, ancestry };
}

export async function getPlayer(ctx: ServiceContext, playerId: string): Promise<PlayerDto> {
  requireClient(ctx.actor);
  return toPlayerDto((await loadPlayer(ctx, playerId)).player);
}

export async function updatePlayer(
  ctx: ServiceContext,
  playerId: string,
  patch: Partial<PlayerInput>,
): Promise<PlayerDto> {
  const actor = requireClient(ctx.actor);
  const { player, ancestry } = await loadPlayer(ctx, playerId);
  assertWriteWithin(actor, player.orgId, ancestry, "players:write", { what: "player", id: playerId });
  if (patch.externalId) await assertExternalIdFree(ctx, player.orgId, patch.externalId, playerId);
  const [row] = await ctx.db
    .update(players)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.externalId !== undefined ? { externalId: patch.externalId } : {}),
      ...(patch.discordId !== undefined ? { discordId: patch.discordId } : {}),
      updatedAt: ctx.clock().toISOString(),
    })
    .where(eq(players.id, playerId))
    .returning();
  return toPlayerDto(row!);
}

export interface ListPlayersQuery extends PageRequest {
  q?: string;
  externalId?: string;
  discordId?: string;
  includeDescendants: boolean;
}

/** Players of an organisation, searchable by name, membership number or Discord id; oldest first. */
export async function listPlayers(ctx: ServiceContext, orgId: string, query: ListPlayersQuery) {
  await assertOrgReadable(ctx, orgId);
  const orgIds = query.includeDescendants ? await orgSubtree(ctx.db, orgId) : [orgId];
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
  return paginate(
    query,
    (limit) =>
      ctx.db
        .select()
        .from(players)
        .where(
          and(
            inArray(players.orgId, orgIds),
            pattern
              ? or(sql`${players.name} like ${pattern} escape '\\'`, eq(players.externalId, query.q!))
              : undefined,
            query.externalId ? eq(players.externalId, query.externalId) : undefined,
            query.discordId ? eq(players.discordId, query.discordId) : undefined,
            afterCursor(players.id, query),
          ),
        )
        .orderBy(asc(players.id))
        .limit(limit),
    toPlayerDto,
  );
}
