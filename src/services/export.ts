import { and, asc, eq, getTableColumns, gt, inArray, type SQL, sql } from "drizzle-orm";
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
import { type RegistrationStatus, registrationStatus, toAttendance } from "./events";
import type { OrgChange } from "./outbox";

/** Rows per query: bounds memory whatever the size of a federation. */
export const CHUNK = 500;

export type ExportRecord =
  | ReturnType<typeof playerRecord>
  | ReturnType<typeof eventRecord>
  | ReturnType<typeof sessionRecord>
  | {
      type: "result";
      tableId: string;
      eventId: string;
      sessionId: string | null;
      round: { kind: string; number: number };
      tableNumber: number;
      status: string;
      version: number;
      winnerId: string;
      seats: { position: number; playerId: string; vp: number | null; placement: number | null }[];
    }
  /** A notification, its own type renamed `eventType`. */
  | (Omit<OrgChange, "type"> & { type: "change"; eventType: string })
  | { type: "cursor"; next: string };

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
export async function* pages<R extends { id: string }>(
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

/**
 * Everything the organisations own, as one record per line: players (stable ids), events,
 * sessions, then every table result with its seats. Pending results are included with their
 * status, so an export can be reconciled later.
 */
export async function* exportRecords(
  ctx: ServiceContext,
  orgIds: readonly string[],
): AsyncGenerator<ExportRecord> {
  const { db } = ctx;
  for await (const p of pages((after) =>
    db
      .select()
      .from(players)
      .where(and(inArray(players.orgId, [...orgIds]), gt(players.id, after)))
      .orderBy(asc(players.id))
      .limit(CHUNK),
  )) {
    yield playerRecord(p);
  }
  const eventIds: string[] = [];
  for await (const e of pages((after) =>
    db
      .select()
      .from(events)
      .where(and(inArray(events.orgId, [...orgIds]), gt(events.id, after)))
      .orderBy(asc(events.id))
      .limit(CHUNK),
  )) {
    eventIds.push(e.id);
    yield eventRecord(e);
  }
  // Sessions and results of CHUNK events at a time: the queries grow with the rows, not the events.
  for (let i = 0; i < eventIds.length; i += CHUNK) {
    const chunk = eventIds.slice(i, i + CHUNK);
    for await (const s of pages((after) =>
      db
        .select(sessionColumns())
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
export function playerRecord(p: typeof players.$inferSelect) {
  return {
    type: "player" as const,
    id: p.id,
    orgId: p.orgId,
    name: p.name,
    externalId: p.externalId,
    discordId: p.discordId,
  };
}

export function eventRecord(e: typeof events.$inferSelect) {
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

export function sessionRecord(s: typeof sessions.$inferSelect & { registrations: string }) {
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

/** A session's columns with its registrations (see registrationsJson). */
export const sessionColumns = () => ({ ...getTableColumns(sessions), registrations: registrationsJson });

/**
 * A session's registrations as a JSON array, in the session's own row: one query per page of
 * sessions, however many sessions the page has.
 */
const registrationsJson = sql<string>`(select json_group_array(json_array(r.player_id, r.checked_in_at, r.no_show_at, r.dropped_after_game, r.eliminated_at)) from ${registrations} r where r.session_id = ${qualified(sessions.id)})`;

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

/** Results a page at a time, with the seats of the whole page in one query. */
export async function* resultRecords(
  ctx: ServiceContext,
  scope: SQL | undefined,
): AsyncGenerator<ExportRecord> {
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
    for (const r of page) {
      yield {
        type: "result",
        tableId: r.id,
        eventId: r.result.eventId,
        sessionId: r.round.sessionId,
        round: { kind: r.round.kind, number: r.round.number },
        tableNumber: r.tableNumber,
        status: r.result.status,
        version: r.result.version,
        winnerId: r.result.winnerId,
        seats: (seatsOf.get(r.id) ?? []).map((seat) => ({
          position: seat.position,
          playerId: seat.playerId,
          vp: seat.vp,
          placement: seat.placement,
        })),
      };
    }
    if (page.length < CHUNK) return;
    after = page.at(-1)!.id;
  }
}
