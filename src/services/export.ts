import { and, asc, eq, getTableColumns, gt, gte, inArray, type SQL, sql } from "drizzle-orm";
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
import { assertOrgReadable, orgSubtree } from "./access";
import type { ServiceContext } from "./context";
import { registrationStatus, toAttendance } from "./events";
import type { OrgChange } from "./outbox";

/** Rows per query: bounds memory whatever the size of a federation. */
const CHUNK = 500;

/** Records changed a little before the cursor's time are sent again: clocks of instances differ. */
const SINCE_MARGIN_MS = 5_000;

type ExportRecord =
  | ReturnType<typeof playerRecord>
  | ReturnType<typeof eventRecord>
  | ReturnType<typeof sessionRecord>
  | ReturnType<typeof resultRecord>
  /** A notification, its own type renamed `eventType`. */
  | (Omit<OrgChange, "type"> & { type: "change"; eventType: string });

/** Authorises an export: members of the organisation or of an ancestor (a federation). */
export async function openExport(
  ctx: ServiceContext,
  orgId: string,
  includeDescendants: boolean,
): Promise<string[]> {
  await assertOrgReadable(ctx, orgId);
  return includeDescendants ? orgSubtree(ctx.db, orgId) : [orgId];
}

/** Keyset pages of one query, `CHUNK` rows at a time (the first one may already be on its way). */
async function* pages<R extends { id: string }>(
  fetch: (after: string) => Promise<R[]>,
  first?: Promise<R[]>,
): AsyncGenerator<R> {
  let after = "";
  for (let next = first ?? fetch(after); ; next = fetch(after)) {
    const rows = await next;
    yield* rows;
    if (rows.length < CHUNK) return;
    after = rows.at(-1)!.id;
  }
}

/** The exported organisations' players by id, only those updated since `since` when given. */
const playersPage = (ctx: ServiceContext, orgIds: readonly string[], since?: string) => (after: string) =>
  ctx.db
    .select()
    .from(players)
    .where(
      and(
        inArray(players.orgId, [...orgIds]),
        since ? gte(players.updatedAt, since) : undefined,
        gt(players.id, after),
      ),
    )
    .orderBy(asc(players.id))
    .limit(CHUNK);

/** The exported organisations' events by id, only those updated since `since` when given. */
const eventsPage = (ctx: ServiceContext, orgIds: readonly string[], since?: string) => (after: string) =>
  ctx.db
    .select()
    .from(events)
    .where(
      and(
        inArray(events.orgId, [...orgIds]),
        since ? gte(events.updatedAt, since) : undefined,
        gt(events.id, after),
      ),
    )
    .orderBy(asc(events.id))
    .limit(CHUNK);

/**
 * Everything the organisations own, as one record per line: players (stable ids), events,
 * sessions, then every table result with its seats. Pending results are included with their
 * status, so an export can be reconciled later.
 */
export async function* exportRecords(
  ctx: ServiceContext,
  orgIds: readonly string[],
): AsyncGenerator<ExportRecord> {
  for await (const p of pages(playersPage(ctx, orgIds))) yield playerRecord(p);
  const eventIds: string[] = [];
  for await (const e of pages(eventsPage(ctx, orgIds))) {
    eventIds.push(e.id);
    yield eventRecord(e);
  }
  // Sessions and results of CHUNK events at a time: the queries grow with the rows, not the events.
  for (let i = 0; i < eventIds.length; i += CHUNK) {
    const chunk = eventIds.slice(i, i + CHUNK);
    for await (const s of pages((after) =>
      ctx.db
        .select(sessionColumns)
        .from(sessions)
        .where(and(inArray(sessions.eventId, chunk), gt(sessions.id, after)))
        .orderBy(asc(sessions.id))
        .limit(CHUNK),
    )) {
      yield sessionRecord(s);
    }
    yield* resultRecords(ctx, inArray(tableResults.eventId, chunk));
  }
}

/** Only players of the exported organisations get here: their numbers are the reader's to see. */
function playerRecord(p: typeof players.$inferSelect) {
  return {
    type: "player" as const,
    id: p.id,
    orgId: p.orgId,
    name: p.name,
    externalId: p.externalId,
    discordId: p.discordId,
  };
}

function eventRecord(e: typeof events.$inferSelect) {
  return {
    type: "event" as const,
    id: e.id,
    orgId: e.orgId,
    name: e.name,
    ruleset: e.ruleset,
    visibility: e.visibility,
    lotSeed: e.lotSeed,
    startsOn: e.startsOn,
    venue: e.venue,
  };
}

function sessionRecord(s: typeof sessions.$inferSelect & { registrations: string }) {
  return {
    type: "session" as const,
    id: s.id,
    eventId: s.eventId,
    name: s.name,
    date: s.date,
    venue: s.venue,
    hostOrgId: s.hostOrgId,
    /** Who signed up, and who came and for how long. */
    registrations: sessionRegistrations(s.registrations),
  };
}

/**
 * A session's columns with its registrations as a JSON array, in the session's own row: one
 * query per page of sessions, however many sessions the page has.
 */
const sessionColumns = {
  ...getTableColumns(sessions),
  registrations: sql<string>`(select json_group_array(json_array(r.player_id, r.checked_in_at, r.no_show_at, r.dropped_after_game, r.eliminated_at)) from ${registrations} r where r.session_id = ${qualified(sessions.id)})`,
};

type RegistrationTuple = [string, string | null, string | null, number | null, string | null];

function sessionRegistrations(json: string) {
  return (JSON.parse(json) as RegistrationTuple[])
    .map(([playerId, checkedInAt, noShowAt, droppedAfterGame, eliminatedAt]) =>
      toAttendance({ playerId, checkedInAt, noShowAt, droppedAfterGame, eliminatedAt }),
    )
    .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0))
    .map((a) => ({
      playerId: a.playerId,
      status: registrationStatus(a),
      checkedIn: a.checkedIn,
      droppedAfterGame: a.droppedAfterGame,
    }));
}

function resultRecord(
  r: {
    id: string;
    result: typeof tableResults.$inferSelect;
    round: typeof rounds.$inferSelect;
    tableNumber: number;
  },
  tableSeats: readonly (typeof seats.$inferSelect)[],
) {
  return {
    type: "result" as const,
    tableId: r.id,
    eventId: r.result.eventId,
    sessionId: r.round.sessionId,
    round: { kind: r.round.kind, number: r.round.number },
    tableNumber: r.tableNumber,
    status: r.result.status,
    version: r.result.version,
    winnerId: r.result.winnerId,
    seats: tableSeats.map((seat) => ({
      position: seat.position,
      playerId: seat.playerId,
      vp: seat.vp,
      placement: seat.placement,
    })),
  };
}

/** Results a page at a time, with the seats of the whole page in one query. */
async function* resultRecords(ctx: ServiceContext, scope: SQL | undefined): AsyncGenerator<ExportRecord> {
  const { db } = ctx;
  let after = "";
  for (;;) {
    const page = await db
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
    if (page.length === 0) return;
    const seatRows = await db
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
    for (const r of page) yield resultRecord(r, seatsOf.get(r.id) ?? []);
    if (page.length < CHUNK) return;
    after = page.at(-1)!.id;
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
): AsyncGenerator<ExportRecord> {
  const at = new Date(Date.parse(since.at) - SINCE_MARGIN_MS).toISOString();
  const playersSince = playersPage(ctx, orgIds, at);
  const eventsSince = eventsPage(ctx, orgIds, at);
  const sessionsPage = (after: string) =>
    ctx.db
      .select(sessionColumns)
      .from(sessions)
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(and(inArray(events.orgId, [...orgIds]), gte(sessions.createdAt, at), gt(sessions.id, after)))
      .orderBy(asc(sessions.id))
      .limit(CHUNK);
  const firstPlayers = playersSince("");
  const firstEvents = eventsSince("");
  const firstSessions = sessionsPage("");
  const firstChanges = changesAfter(since.seq, CHUNK);
  // Settled now, so a failure of one is not left unhandled while another is being yielded.
  await Promise.all([firstPlayers, firstEvents, firstSessions, firstChanges]);

  for await (const p of pages(playersSince, firstPlayers)) yield playerRecord(p);
  for await (const e of pages(eventsSince, firstEvents)) yield eventRecord(e);
  for await (const s of pages(sessionsPage, firstSessions)) yield sessionRecord(s);

  const exported = new Set(orgIds);
  const touched = new Set<string>();
  for (let page = await firstChanges; ; ) {
    for (const change of page) {
      if (change.seq > through) break;
      // The feed covers the whole tree; an export without descendants keeps its own organisation's.
      if (!exported.has(change.orgId)) continue;
      for (const id of tablesOf(change.data)) touched.add(id);
      yield {
        type: "change",
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
