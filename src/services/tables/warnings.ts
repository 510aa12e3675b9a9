/**
 * Warnings (rules 2.0.3, 3.0.15; docs/rules.md#sanctions): the referee's first answer to an
 * offence, recorded against a player at a table. Never public: the event's staff and the
 * organisations above it read them, and a disqualification names the player's warnings.
 */

import { and, asc, count, eq } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { newId } from "../../db/ids";
import { conductWarnings, events, gameTables, players } from "../../db/schema";
import { inOrgTree } from "../../db/tree";
import { isRuleNumber } from "../../domain/rule-numbers";
import { assertWithinLimit, isMember, requireClient, requirePermission } from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { afterCursor, type PageRequest, pageOrder, paginate } from "../pagination";
import { writableTable } from "./scope";

type WarningRow = typeof conductWarnings.$inferSelect;

function toWarningDto(row: WarningRow, name: string, roundId: string) {
  return {
    id: row.id,
    eventId: row.eventId,
    tableId: row.tableId,
    roundId,
    player: { id: row.playerId, name },
    rule: row.rule,
    note: row.note,
    recordedBy: row.actorClientId,
    createdAt: row.createdAt,
  };
}
export type WarningDto = ReturnType<typeof toWarningDto>;

const warningColumns = { warning: conductWarnings, name: players.name, roundId: gameTables.roundId };

function warningsQuery(ctx: ServiceContext) {
  return ctx.db
    .select(warningColumns)
    .from(conductWarnings)
    .innerJoin(players, eq(players.id, conductWarnings.playerId))
    .innerJoin(gameTables, eq(gameTables.id, conductWarnings.tableId));
}

/**
 * A referee (or anyone who may disqualify at the table: the same rights, rule 1.3.6) warns a
 * player seated there. It changes no result and may be recorded after the sheet is signed.
 */
export async function recordWarning(
  ctx: ServiceContext,
  tableId: string,
  input: { playerId: string; rule: string; note: string },
): Promise<WarningDto> {
  const scope = await writableTable(ctx, tableId, "results:disqualify");
  const seat = scope.seats.find((s) => s.playerId === input.playerId);
  if (!seat) {
    throw new ServiceError(
      "invalid",
      "not_seated",
      `Player '${input.playerId}' is not seated at this table: a warning is recorded at the table where the player plays.`,
      { issues: [{ path: "playerId", message: "not seated at this table" }] },
    );
  }
  if (!isRuleNumber(input.rule)) {
    throw new ServiceError(
      "invalid",
      "unknown_rule",
      `Rule ${input.rule} is not a rule of the championship rules (docs/rules.md): a warning cites a rule that exists (rule 2.0.3).`,
      { rule: "2.0.3", issues: [{ path: "rule", message: "not a rule number of the championship rules" }] },
    );
  }
  const now = ctx.clock();
  const row: WarningRow = {
    id: newId("wrn", now.getTime()),
    eventId: scope.event.id,
    tableId,
    playerId: input.playerId,
    rule: input.rule,
    note: input.note,
    actorClientId: actorClientId(ctx),
    createdAt: now.toISOString(),
  };
  await ctx.db.batch([
    ctx.db.insert(conductWarnings).values(row),
    auditInsert(ctx, {
      orgId: scope.event.orgId,
      eventId: scope.event.id,
      action: "warning.add",
      entityType: "player",
      entityId: input.playerId,
      after: { id: row.id, tableId, playerId: input.playerId, rule: input.rule, note: input.note },
    }),
  ]);
  return toWarningDto(row, seat.name, scope.table.roundId);
}

/** The player's warnings in one event, oldest first (what a disqualification shows). */
export async function eventWarningsOf(
  ctx: ServiceContext,
  eventId: string,
  playerId: string,
): Promise<WarningDto[]> {
  const rows = await warningsQuery(ctx)
    .where(and(eq(conductWarnings.eventId, eventId), eq(conductWarnings.playerId, playerId)))
    .orderBy(asc(conductWarnings.id));
  return rows.map((r) => toWarningDto(r.warning, r.name, r.roundId));
}

/**
 * GET /v1/players/{id}/warnings: the player's warnings in the events the caller's organisation
 * runs or oversees (its own and its descendants'), oldest first. Who knows neither the player
 * (their organisation or above) nor one of those warnings gets the 404 of an unknown id; the
 * others need the staff's right to read the audit trail (403).
 */
export async function listPlayerWarnings(ctx: ServiceContext, playerId: string, page: PageRequest) {
  const client = requireClient(ctx.actor);
  const visible =
    client.role === "admin" || client.orgId === null ? undefined : inOrgTree(events.orgId, client.orgId);
  const listed = and(eq(conductWarnings.playerId, playerId), visible);
  const [[player], rows] = await ctx.db.batch([
    ctx.db
      .select({ ancestry: orgAncestryJson(players.orgId) })
      .from(players)
      .where(eq(players.id, playerId)),
    warningsQuery(ctx)
      .innerJoin(events, eq(events.id, conductWarnings.eventId))
      .where(and(listed, afterCursor(conductWarnings.id, page)))
      .orderBy(pageOrder(conductWarnings.id, page))
      .limit(page.limit + 1),
  ]);
  const ancestry = player ? (JSON.parse(player.ancestry) as string[]) : [];
  const member = player !== undefined && isMember(client, ancestry);
  // The list spans every event of the tree: a limited client gets 403, whoever the player is.
  assertWithinLimit(client, {}, "read nothing beyond it");
  if (!player || (!member && rows.length === 0)) throw notFound("player", playerId);
  requirePermission(client, "audit:read");
  return paginate(
    page,
    async () => rows.map((r) => ({ id: r.warning.id, ...r })),
    (r) => toWarningDto(r.warning, r.name, r.roundId),
    async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(conductWarnings)
          .innerJoin(events, eq(events.id, conductWarnings.eventId))
          .where(listed)
      )[0]?.n ?? 0,
  );
}
