import { and, asc, eq, gt, gte, inArray, type SQL, sql } from "drizzle-orm";
import { qualified } from "../db/ancestry";
import {
  events,
  gameTables,
  players,
  registrations,
  rounds,
  seats,
  sessions,
  tableResults,
} from "../db/schema";
import { compareIds } from "../domain/standings";
import { assertOrgReadable, orgSubtree } from "./access";
import type { ServiceContext } from "./context";
import { registrationStatus, toAttendance } from "./events";
import type { OrgChange } from "./outbox";

/** Rows per query: bounds memory whatever the size of a federation. */
const CHUNK = 500;

/** Records changed a little before the cursor's time are sent again: clocks of instances differ. */
const SINCE_MARGIN_MS = 5_000;

/** Authorises an export: members of the organisation or of an ancestor (a federation). */
export async function openExport(
  ctx: ServiceContext,
  orgId: string,
  includeDescendants: boolean,
): Promise<string[]> {
  await assertOrgReadable(ctx, orgId);
  return includeDescendants ? orgSubtree(ctx.db, orgId) : [orgId];
}

/**
 * Keyset pages of one query, `CHUNK` rows at a time (the first one may already be on its way);
 * an empty page is not yielded.
 */
async function* pages<R extends { id: string }>(
  fetch: (after: string) => Promise<R[]>,
  first = fetch(""),
): AsyncGenerator<R[]> {
  for (let next = first; ; ) {
    const rows = await next;
    if (rows.length > 0) yield rows;
    if (rows.length < CHUNK) return;
    next = fetch(rows.at(-1)!.id);
  }
}

/**
 * The exported organisations' players or events by id, only those updated since `since` when
 * given: records as they are sent, their columns in the records' key order.
 */
const ownedPage =
  (
    ctx: ServiceContext,
    table: typeof players | typeof events,
    columns: typeof playerRecord | typeof eventRecord,
    orgIds: readonly string[],
    since?: string,
  ) =>
  (after: string) =>
    ctx.db
      .select(columns)
      .from(table)
      .where(
        and(
          inArray(table.orgId, [...orgIds]),
          since ? gte(table.updatedAt, since) : undefined,
          gt(table.id, after),
        ),
      )
      .orderBy(asc(table.id))
      .limit(CHUNK);

/** Only players of the exported organisations get here: their numbers are the reader's to see. */
const playerRecord = {
  type: sql<"player">`'player'`,
  id: players.id,
  orgId: players.orgId,
  name: players.name,
  externalId: players.externalId,
  discordId: players.discordId,
};

const eventRecord = {
  type: sql<"event">`'event'`,
  id: events.id,
  orgId: events.orgId,
  name: events.name,
  ruleset: events.ruleset,
  visibility: events.visibility,
  lotSeed: events.lotSeed,
  startsOn: events.startsOn,
  venue: events.venue,
};

/**
 * A session's record with its registrations as a JSON array (who signed up, and who came and
 * for how long), in the session's own row: one query per page of sessions, however many
 * sessions the page has.
 */
const sessionRecord = {
  type: sql<"session">`'session'`,
  id: sessions.id,
  eventId: sessions.eventId,
  name: sessions.name,
  date: sessions.date,
  venue: sessions.venue,
  hostOrgId: sessions.hostOrgId,
  registrations: sql<string>`(select json_group_array(json_array(r.player_id, r.checked_in_at, r.no_show_at, r.dropped_after_game, r.eliminated_at)) from ${registrations} r where r.session_id = ${qualified(sessions.id)})`,
};

/**
 * Everything the organisations own, as one record per line: players (stable ids), events,
 * sessions, then every table result with its seats. Pending results are included with their
 * status, so an export can be reconciled later.
 */
export async function* exportRecords(ctx: ServiceContext, orgIds: readonly string[]) {
  for await (const page of pages(ownedPage(ctx, players, playerRecord, orgIds))) yield* page;
  const eventIds: string[] = [];
  for await (const page of pages(ownedPage(ctx, events, eventRecord, orgIds))) {
    eventIds.push(...page.map((e) => e.id));
    yield* page;
  }
  // Sessions and results of CHUNK events at a time: the queries grow with the rows, not the events.
  for (let i = 0; i < eventIds.length; i += CHUNK) {
    const chunk = eventIds.slice(i, i + CHUNK);
    const sessionsPage = (after: string) =>
      ctx.db
        .select(sessionRecord)
        .from(sessions)
        .where(and(inArray(sessions.eventId, chunk), gt(sessions.id, after)))
        .orderBy(asc(sessions.id))
        .limit(CHUNK);
    for await (const page of pages(sessionsPage)) yield* page.map(withRegistrations);
    yield* resultRecords(ctx, inArray(tableResults.eventId, chunk));
  }
}

type RegistrationTuple = [string, string | null, string | null, number | null, string | null];

function withRegistrations<S extends { registrations: string }>({ registrations, ...session }: S) {
  return {
    ...session,
    registrations: (JSON.parse(registrations) as RegistrationTuple[])
      .map(([playerId, checkedInAt, noShowAt, droppedAfterGame, eliminatedAt]) =>
        toAttendance({ playerId, checkedInAt, noShowAt, droppedAfterGame, eliminatedAt }),
      )
      .sort((a, b) => compareIds(a.playerId, b.playerId))
      .map((a) => ({
        playerId: a.playerId,
        status: registrationStatus(a),
        checkedIn: a.checkedIn,
        droppedAfterGame: a.droppedAfterGame,
      })),
  };
}

/** Results a page at a time, with the seats of the whole page in one query. */
async function* resultRecords(ctx: ServiceContext, scope: SQL) {
  const resultsPage = (after: string) =>
    ctx.db
      .select({
        id: tableResults.tableId,
        result: tableResults,
        round: rounds,
        tableNumber: gameTables.number,
      })
      .from(tableResults)
      .innerJoin(gameTables, eq(gameTables.id, tableResults.tableId))
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .where(and(scope, gt(tableResults.tableId, after)))
      .orderBy(asc(tableResults.tableId))
      .limit(CHUNK);
  for await (const page of pages(resultsPage)) {
    const seatRows = await ctx.db
      .select()
      .from(seats)
      .where(
        inArray(
          seats.tableId,
          page.map((r) => r.id),
        ),
      )
      .orderBy(asc(seats.tableId), asc(seats.position));
    const seatsOf = new Map<string, typeof seatRows>();
    for (const seat of seatRows) {
      const list = seatsOf.get(seat.tableId);
      if (list) list.push(seat);
      else seatsOf.set(seat.tableId, [seat]);
    }
    for (const { id, result, round, tableNumber } of page) {
      yield {
        type: "result" as const,
        tableId: id,
        eventId: result.eventId,
        sessionId: round.sessionId,
        round: { kind: round.kind, number: round.number },
        tableNumber,
        status: result.status,
        version: result.version,
        winnerId: result.winnerId,
        seats: (seatsOf.get(id) ?? []).map((seat) => ({
          position: seat.position,
          playerId: seat.playerId,
          vp: seat.vp,
          placement: seat.placement,
        })),
      };
    }
  }
}

function tablesOf(data: unknown): string[] {
  const d = data as { tableId?: unknown; tables?: { tableId?: unknown }[] } | null;
  const out: string[] = [];
  if (typeof d?.tableId === "string") out.push(d.tableId);
  for (const t of d?.tables ?? []) if (typeof t.tableId === "string") out.push(t.tableId);
  return out;
}

/**
 * What changed since an export cursor: players and events updated, sessions created since
 * its time (with a margin: records are keyed by id, so a repeat is harmless), every
 * notification of the exported organisations in (since.seq, through] as a `change` record,
 * and the current result of each table those notifications touched. The first page of each
 * kind is read in one wave: an incremental export is mostly small, and its latency should not
 * grow with the number of kinds.
 */
export async function* exportRecordsSince(
  ctx: ServiceContext,
  orgIds: readonly string[],
  since: { seq: number; at: string },
  through: number,
  changesAfter: (seq: number, limit: number) => Promise<OrgChange[]>,
) {
  const at = new Date(Date.parse(since.at) - SINCE_MARGIN_MS).toISOString();
  const playersPage = ownedPage(ctx, players, playerRecord, orgIds, at);
  const eventsPage = ownedPage(ctx, events, eventRecord, orgIds, at);
  const sessionsPage = (after: string) =>
    ctx.db
      .select(sessionRecord)
      .from(sessions)
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(and(inArray(events.orgId, [...orgIds]), gte(sessions.createdAt, at), gt(sessions.id, after)))
      .orderBy(asc(sessions.id))
      .limit(CHUNK);
  const firstPlayers = playersPage("");
  const firstEvents = eventsPage("");
  const firstSessions = sessionsPage("");
  const firstChanges = changesAfter(since.seq, CHUNK);
  // Settled now, so a failure of one is not left unhandled while another is being yielded.
  await Promise.all([firstPlayers, firstEvents, firstSessions, firstChanges]);

  for await (const page of pages(playersPage, firstPlayers)) yield* page;
  for await (const page of pages(eventsPage, firstEvents)) yield* page;
  for await (const page of pages(sessionsPage, firstSessions)) yield* page.map(withRegistrations);

  const exported = new Set(orgIds);
  const touched = new Set<string>();
  for (let page = await firstChanges; ; ) {
    for (const change of page) {
      if (change.seq > through) break;
      // The feed covers the whole tree; an export without descendants keeps its own organisation's.
      if (!exported.has(change.orgId)) continue;
      for (const id of tablesOf(change.data)) touched.add(id);
      // A notification, its own type renamed `eventType`.
      yield {
        type: "change" as const,
        seq: change.seq,
        id: change.id,
        eventType: change.type,
        orgId: change.orgId,
        eventId: change.eventId,
        timestamp: change.timestamp,
        data: change.data,
      };
    }
    const last = page.at(-1);
    if (page.length < CHUNK || !last || last.seq >= through) break;
    page = await changesAfter(last.seq, CHUNK);
  }
  const tableIds = [...touched];
  for (let i = 0; i < tableIds.length; i += CHUNK) {
    yield* resultRecords(ctx, inArray(tableResults.tableId, tableIds.slice(i, i + CHUNK)));
  }
}
