import { and, asc, eq, gt, gte, inArray } from "drizzle-orm";
import { events, players, sessions, tableResults } from "../db/schema";
import type { ServiceContext } from "./context";
import {
  CHUNK,
  type ExportRecord,
  eventRecord,
  pages,
  playerRecord,
  resultRecords,
  sessionColumns,
  sessionRecord,
} from "./export";
import type { OrgChange } from "./outbox";

/** Records changed a little before the cursor's time are sent again: clocks of instances differ. */
const SINCE_MARGIN_MS = 5_000;

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
  const { db } = ctx;
  const at = new Date(Date.parse(since.at) - SINCE_MARGIN_MS).toISOString();
  const playersPage = (after: string) =>
    db
      .select()
      .from(players)
      .where(and(inArray(players.orgId, [...orgIds]), gte(players.updatedAt, at), gt(players.id, after)))
      .orderBy(asc(players.id))
      .limit(CHUNK);
  const eventsPage = (after: string) =>
    db
      .select()
      .from(events)
      .where(and(inArray(events.orgId, [...orgIds]), gte(events.updatedAt, at), gt(events.id, after)))
      .orderBy(asc(events.id))
      .limit(CHUNK);
  const sessionsPage = (after: string) =>
    db
      .select(sessionColumns())
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

  for await (const p of pages(playersPage, firstPlayers)) yield playerRecord(p);
  for await (const e of pages(eventsPage, firstEvents)) yield eventRecord(e);
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
