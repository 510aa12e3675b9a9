import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import { isConstraintError } from "../../db/errors";
import { newId } from "../../db/ids";
import { players } from "../../db/schema";
import {
  assertOrgReadable,
  assertOrgWideRead,
  assertOrgWideWrite,
  assertOrgWritable,
  assertWriteWithin,
  isMember,
  orgSubtree,
  requireClient,
} from "../access";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { afterCursor, type PageRequest, pageOrder, paginate } from "../pagination";
import { sha256Hex } from "../secrets";
import { findPlayer, gonePlayer, mergedInto, movedPlayer } from "./merged-ids";

type PlayerRow = typeof players.$inferSelect;

/** How names are searched: compatibility-decomposed, marks dropped, lower case ("RŪTA" → "ruta"). */
export function foldForSearch(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

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
type PlayerDto = ReturnType<typeof toPlayerDto>;

interface PlayerInput {
  name: string;
  externalId?: string | null;
  discordId?: string | null;
}

/**
 * externalId is a federation membership number, unique over the whole organisation tree: the
 * database's (root_org_id, external_id) index decides, so two racing creates cannot both win.
 */
async function withUniqueExternalId<T>(
  externalId: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!externalId || !isConstraintError(error)) throw error;
    throw new ServiceError(
      "conflict",
      "external_id_taken",
      `externalId '${externalId}' already belongs to another player of this organisation tree.`,
      { issues: [{ path: "externalId", message: "already used in this organisation tree" }] },
    );
  }
}

export async function createPlayer(
  ctx: ServiceContext,
  orgId: string,
  input: PlayerInput,
): Promise<PlayerDto> {
  const ancestry = await assertOrgWritable(ctx, orgId, "players:write", { walkIn: true });
  const now = ctx.clock();
  const [row] = await withUniqueExternalId(input.externalId, () =>
    ctx.db
      .insert(players)
      .values({
        id: newId("ply", now.getTime()),
        orgId,
        rootOrgId: ancestry.at(-1) ?? orgId,
        name: input.name,
        searchName: foldForSearch(input.name),
        externalId: input.externalId ?? null,
        discordId: input.discordId ?? null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .returning(),
  );
  return toPlayerDto(row!);
}

/** A merged id answers 301 on reads and 410 on writes, to those who may read the kept player. */
async function loadPlayer(ctx: ServiceContext, playerId: string, access: "read" | "write") {
  const found = await findPlayer(ctx, playerId);
  if (!found) {
    const into = await mergedInto(ctx, playerId);
    if (into && (await loadPlayer(ctx, into, "read").catch(() => null))) {
      throw access === "read" ? movedPlayer(playerId, into) : gonePlayer(playerId, into);
    }
    throw notFound("player", playerId);
  }
  const hidden = () => notFound("player", playerId);
  // A player's record carries its membership number: organisation-wide data. A write is
  // authorised by the caller (assertWriteWithin), which needs only the membership here.
  if (access === "read") assertOrgWideRead(ctx.actor, found.ancestry, hidden);
  else if (!isMember(ctx.actor, found.ancestry)) throw hidden();
  return found;
}

export async function getPlayer(ctx: ServiceContext, playerId: string): Promise<PlayerDto> {
  requireClient(ctx.actor);
  return toPlayerDto((await loadPlayer(ctx, playerId, "read")).player);
}

/**
 * The player's entity tag: a hash of everything GET shows, so it changes with any change, even
 * two within one millisecond. Strong: If-Match compares it byte for byte.
 */
export async function playerEtag(player: PlayerDto): Promise<string> {
  return `"${(await sha256Hex(JSON.stringify(player))).slice(0, 24)}"`;
}

/** RFC 9110 §13.1.1: `*`, or a list of strong tags compared exactly (weak tags never match). */
function ifMatchHolds(ifMatch: string, etag: string): boolean {
  if (ifMatch.trim() === "*") return true;
  return ifMatch.split(",").some((tag) => tag.trim() === etag);
}

const versionMismatch = () =>
  new ServiceError(
    "precondition_failed",
    "version_mismatch",
    "The player has changed since the ETag named in If-Match; GET it again and retry with the new ETag.",
  );

/**
 * With `ifMatch` the update is a compare-and-set: the row must still hold the values the tag
 * was computed from when the write lands, so two editors cannot overwrite each other.
 */
export async function updatePlayer(
  ctx: ServiceContext,
  playerId: string,
  patch: Partial<PlayerInput>,
  ifMatch?: string,
): Promise<PlayerDto> {
  const actor = requireClient(ctx.actor);
  const { player, ancestry } = await loadPlayer(ctx, playerId, "write");
  const client = assertWriteWithin(actor, player.orgId, ancestry, "players:write", {
    what: "player",
    id: playerId,
  });
  // A player's record (membership numbers, Discord id) is the organisation's, not an event's.
  assertOrgWideWrite(client);
  if (ifMatch !== undefined && !ifMatchHolds(ifMatch, await playerEtag(toPlayerDto(player)))) {
    throw versionMismatch();
  }
  const unchanged =
    ifMatch !== undefined && ifMatch.trim() !== "*"
      ? and(
          eq(players.updatedAt, player.updatedAt),
          eq(players.name, player.name),
          sql`${players.externalId} is ${player.externalId}`,
          sql`${players.discordId} is ${player.discordId}`,
        )
      : undefined;
  const [row] = await withUniqueExternalId(patch.externalId, () =>
    ctx.db
      .update(players)
      .set({
        // Drizzle leaves out the fields the patch does not set (undefined).
        name: patch.name,
        searchName: patch.name && foldForSearch(patch.name),
        externalId: patch.externalId,
        discordId: patch.discordId,
        updatedAt: ctx.clock().toISOString(),
      })
      .where(and(eq(players.id, playerId), unchanged))
      .returning(),
  );
  if (!row) throw versionMismatch();
  return toPlayerDto(row);
}

interface ListPlayersQuery extends PageRequest {
  q?: string;
  externalId?: string;
  discordId?: string;
  includeDescendants: boolean;
}

/** Players of an organisation, searchable by name, membership number or Discord id; oldest first. */
export async function listPlayers(ctx: ServiceContext, orgId: string, query: ListPlayersQuery) {
  await assertOrgReadable(ctx, orgId);
  const orgIds = query.includeDescendants ? await orgSubtree(ctx.db, orgId) : [orgId];
  // Query values are checked by the text-hygiene middleware but not rewritten: normalise here.
  const q = query.q?.normalize("NFC").trim() || undefined;
  const externalId = query.externalId?.normalize("NFC").trim() || undefined;
  const pattern = q ? `%${foldForSearch(q).replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
  const listed = and(
    inArray(players.orgId, orgIds),
    pattern
      ? or(sql`${players.searchName} like ${pattern} escape '\\'`, eq(players.externalId, q!))
      : undefined,
    externalId ? eq(players.externalId, externalId) : undefined,
    query.discordId ? eq(players.discordId, query.discordId) : undefined,
  );
  return paginate(
    query,
    (limit) =>
      ctx.db
        .select()
        .from(players)
        .where(and(listed, afterCursor(players.id, query)))
        .orderBy(pageOrder(players.id, query))
        .limit(limit),
    toPlayerDto,
    async () => (await ctx.db.select({ n: count() }).from(players).where(listed))[0]?.n ?? 0,
  );
}
