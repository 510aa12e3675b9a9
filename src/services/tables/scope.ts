import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  disqualifications,
  events,
  gameTables,
  organizations,
  players,
  programmeExclusions,
  resultConfirmations,
  resultDisputes,
  rounds,
  seats,
  sessions,
  tableResults,
  tableTimers,
} from "../../db/schema";
import { calendarDayIn } from "../../domain/local-time";
import {
  assertEventWritable,
  canReadEvent,
  type Permission,
  type ScopedEvent,
  scopedEventColumns,
  toScopedEvent,
} from "../access";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { outboxStatements, tablePlaceOf } from "../outbox";
import { type PlayoffRound, playoffRoundsQuery } from "./phase-lock";

export interface TableScope {
  table: typeof gameTables.$inferSelect;
  round: typeof rounds.$inferSelect;
  event: ScopedEvent;
  /** The store hosting the round's session (null: the event's organisation; playoffs: none). */
  hostOrgId: string | null;
  seats: Omit<ScopeRows[1][number], "tableId">[];
  /** Timed turns switched on by a referee (docs/rules.md#timers); undefined: untimed. */
  timer: typeof tableTimers.$inferSelect | undefined;
  result: typeof tableResults.$inferSelect | undefined;
  /** Who confirmed the sheet, and how: by the player with their code, or by staff for them. */
  confirmedVia: Map<string, "player" | "staff">;
  /** Open disputes of the current sheet: they keep confirmations from making it final. */
  disputes: Omit<ScopeRows[6][number], "tableId">[];
  /** Players of this table disqualified from the event (rule 1.3.6), here or at another table. */
  disqualified: Set<string>;
  /** The event's seated semifinal and final rounds: they lock the results they were seated from. */
  playoffRounds: PlayoffRound[];
  /**
   * Those whose disqualification was recorded at this table: the only table that places them
   * last (docs/rules.md#people-and-results). Other sheets they sat at stay as signed.
   */
  disqualifiedHere: string[];
  /**
   * Seated players excluded from the programme of an organisation above the event, while the
   * exclusion runs (docs/rules.md#sanctions): no new sheet may score them here.
   */
  excluded: { playerId: string; until: string; orgId: string }[];
  /** The ids of every unlifted exclusion of the seated players read, for `noExclusionUnseen`. */
  exclusionsSeen: string[];
}

/** Everything about one table, its round and its event, in a single batched round trip. */
export async function loadTableScope(ctx: ServiceContext, tableId: string): Promise<TableScope | undefined> {
  return (await loadTableScopes(ctx, [tableId])).get(tableId);
}

/** Every read a table's scope needs, for all the tables at once: one batch, one round trip. */
function readScopeRows(ctx: ServiceContext, ids: string[]) {
  return ctx.db.batch([
    ctx.db
      .select({ table: gameTables, round: rounds, hostOrgId: sessions.hostOrgId, ...scopedEventColumns })
      .from(gameTables)
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .innerJoin(events, eq(events.id, rounds.eventId))
      .leftJoin(sessions, eq(sessions.id, rounds.sessionId))
      .where(inArray(gameTables.id, ids)),
    ctx.db
      .select({
        tableId: seats.tableId,
        playerId: seats.playerId,
        name: players.name,
        position: seats.position,
        seedRank: seats.seedRank,
        vp: seats.vp,
        placement: seats.placement,
        /** The seat's code on the result sheet (players confirm and dispute with it). */
        confirmationCode: seats.confirmationCode,
        /** Snake-seated tables (docs/rules.md#choices): the chair and colour chosen, and when. */
        chair: seats.chair,
        colour: seats.colour,
        chosenAt: seats.chosenAt,
      })
      .from(seats)
      .innerJoin(players, eq(players.id, seats.playerId))
      .where(inArray(seats.tableId, ids))
      .orderBy(asc(seats.position)),
    ctx.db.select().from(tableResults).where(inArray(tableResults.tableId, ids)),
    ctx.db
      .select({
        tableId: resultConfirmations.tableId,
        playerId: resultConfirmations.playerId,
        via: resultConfirmations.via,
      })
      .from(resultConfirmations)
      .where(inArray(resultConfirmations.tableId, ids)),
    // Disqualified from the event (anywhere in it) and seated at one of these tables.
    ctx.db
      .select({
        tableId: seats.tableId,
        playerId: disqualifications.playerId,
        recordedAt: disqualifications.tableId,
      })
      .from(disqualifications)
      .innerJoin(seats, and(inArray(seats.tableId, ids), eq(seats.playerId, disqualifications.playerId)))
      .innerJoin(gameTables, eq(gameTables.id, seats.tableId))
      .innerJoin(
        rounds,
        and(eq(rounds.id, gameTables.roundId), eq(rounds.eventId, disqualifications.eventId)),
      ),
    playoffRoundsQuery(ctx, ids),
    ctx.db
      .select({
        tableId: resultDisputes.tableId,
        playerId: resultDisputes.playerId,
        reason: resultDisputes.reason,
        via: resultDisputes.via,
        createdAt: resultDisputes.createdAt,
      })
      .from(resultDisputes)
      .where(and(inArray(resultDisputes.tableId, ids), isNull(resultDisputes.resolvedAt)))
      .orderBy(asc(resultDisputes.createdAt)),
    ctx.db.select().from(tableTimers).where(inArray(tableTimers.tableId, ids)),
    // Exclusions of seated players, ended ones too so that the ids seen are all: each is read in
    // its organisation's zone.
    ctx.db
      .select({
        id: programmeExclusions.id,
        tableId: seats.tableId,
        playerId: programmeExclusions.playerId,
        orgId: programmeExclusions.orgId,
        until: programmeExclusions.until,
        timezone: organizations.timezone,
      })
      .from(programmeExclusions)
      .innerJoin(seats, and(inArray(seats.tableId, ids), eq(seats.playerId, programmeExclusions.playerId)))
      .innerJoin(organizations, eq(organizations.id, programmeExclusions.orgId))
      .where(isNull(programmeExclusions.liftedAt)),
  ]);
}

type ScopeRows = Awaited<ReturnType<typeof readScopeRows>>;

/** The scopes of many tables (a GraphQL query's), still in one batched round trip. */
export async function loadTableScopes(
  ctx: ServiceContext,
  tableIds: readonly string[],
): Promise<Map<string, TableScope>> {
  const [head, seatRows, results, confirmations, dqRows, playoffRows, disputes, timers, exclusions] =
    await readScopeRows(ctx, [...new Set(tableIds)]);
  const now = ctx.clock();
  // One result and one timer per table at most: found by id, so many tables cost no more than one each.
  const resultOf = new Map(results.map((r) => [r.tableId, r]));
  const timerOf = new Map(timers.map((t) => [t.tableId, t]));
  const scopes = new Map<string, TableScope>();
  for (const row of head) {
    scopes.set(row.table.id, {
      table: row.table,
      round: row.round,
      event: toScopedEvent(row),
      hostOrgId: row.hostOrgId,
      seats: [],
      result: resultOf.get(row.table.id),
      confirmedVia: new Map(),
      disputes: [],
      disqualified: new Set(),
      playoffRounds: playoffRows.filter((r) => r.eventId === row.round.eventId),
      disqualifiedHere: [],
      excluded: [],
      exclusionsSeen: [],
      timer: timerOf.get(row.table.id),
    });
  }
  for (const { tableId, ...seat } of seatRows) scopes.get(tableId)?.seats.push(seat);
  for (const c of confirmations) scopes.get(c.tableId)?.confirmedVia.set(c.playerId, c.via);
  for (const { tableId, ...d } of disputes) scopes.get(tableId)?.disputes.push(d);
  for (const d of dqRows) {
    scopes.get(d.tableId)?.disqualified.add(d.playerId);
    if (d.recordedAt === d.tableId) scopes.get(d.tableId)?.disqualifiedHere.push(d.playerId);
  }
  for (const { id, tableId, timezone, ...e } of exclusions) {
    const scope = scopes.get(tableId);
    scope?.exclusionsSeen.push(id);
    if (scope?.event.ancestry.includes(e.orgId) && e.until > calendarDayIn(now, timezone))
      scope.excluded.push(e);
  }
  return scopes;
}

/** The scope when the caller may read it; otherwise the 404 of an unknown id. */
export function visibleTable(
  ctx: ServiceContext,
  scope: TableScope | undefined,
  tableId: string,
): TableScope {
  if (!scope || !canReadEvent(ctx.actor, scope.event)) throw notFound("table", tableId);
  return scope;
}

/** The session a prelim table belongs to: its host may act on it as the event's organisation does. */
function sessionOf(scope: TableScope) {
  return scope.round.sessionId ? { id: scope.round.sessionId, hostOrgId: scope.hostOrgId } : undefined;
}

/** Whether the caller may enter results at this table (staff: they see the seat codes). */
export function mayEnterResults(ctx: ServiceContext, scope: TableScope): boolean {
  if (ctx.actor.kind !== "client") return false;
  try {
    assertEventWritable(ctx.actor, scope.event, scope.event.id, "results:submit", sessionOf(scope));
    return true;
  } catch {
    return false;
  }
}

export async function writableTable(
  ctx: ServiceContext,
  tableId: string,
  permission: Permission,
): Promise<TableScope> {
  const scope = await loadTableScope(ctx, tableId);
  try {
    assertEventWritable(
      ctx.actor,
      scope?.event,
      scope?.event.id ?? tableId,
      permission,
      scope && sessionOf(scope),
    );
    return scope!;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === "not_found") throw notFound("table", tableId);
    throw error;
  }
}

/** The player's seat at this table, or 422 `not_seated` naming the field that named them. */
export function seatAt(scope: TableScope, playerId: string, rule?: string, path = "playerId") {
  const seat = scope.seats.find((s) => s.playerId === playerId);
  if (!seat) {
    throw new ServiceError("invalid", "not_seated", `Player '${playerId}' is not seated at this table.`, {
      rule,
      issues: [{ path, message: "not seated at this table" }],
    });
  }
  return seat;
}

/** An audit row about this table, in its event's trail. */
export function tableAudit(
  ctx: ServiceContext,
  scope: TableScope,
  entry: Omit<Parameters<typeof auditInsert>[1], "orgId" | "eventId" | "entityType" | "entityId">,
) {
  const { event } = scope;
  return auditInsert(ctx, {
    orgId: event.orgId,
    eventId: event.id,
    entityType: "table",
    entityId: scope.table.id,
    ...entry,
  });
}

/** A notice of this table's event: to go in the batch of the change it announces. */
export function tableNotice(
  ctx: ServiceContext,
  scope: TableScope,
  message: Omit<Parameters<typeof outboxStatements>[1], "orgId" | "ancestry" | "eventId">,
) {
  const { event } = scope;
  return outboxStatements(ctx, {
    orgId: event.orgId,
    ancestry: event.ancestry,
    eventId: event.id,
    ...message,
  });
}

/** Where the table is (event, session, round, table): the head of every table notice's data. */
export function placeOf(scope: TableScope) {
  return tablePlaceOf({ eventId: scope.event.id, round: scope.round, table: scope.table });
}
