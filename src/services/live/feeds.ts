/**
 * The shared state of a live feed and each watcher's place in it, the same on both runtimes:
 * Node keeps one source per event (and per organisation feed) in its process (hub.ts), Workers
 * keep it in the feed's Durable Object. A source reads the database in one round trip per
 * refresh whatever the number of watchers; a watcher only compares its position with the
 * source's and is sent what it has not seen, once, in order.
 */
import type { Client } from "@libsql/client";
import type { Database } from "../../db/client";
import { type Actor, canReadEvent, type ScopedEvent } from "../access";
import type { TokenHolder } from "../auth";
import {
  eventFeedChanges,
  eventFeedPosition,
  eventFeedRowsStatement,
  type OrgChange,
  orgChangesOf,
  orgFeedRowsStatement,
  type ResultsChange,
} from "../outbox";
import type { SlotLease } from "./caps";
import {
  eventChangeMessage,
  eventGapMessage,
  eventStateMessage,
  type FeedMessage,
  orgChangeMessage,
  orgGapMessage,
} from "./messages";

/**
 * A watcher as authorised by the request that opened it; plain data, so a Worker can hand it
 * to the feed's Durable Object.
 */
export interface WatchRequest {
  kind: "event" | "org";
  /** The event's or the organisation's id. */
  id: string;
  lastEventId?: number;
  /** When the stream ends (epoch ms): its `maxSeconds`, or earlier its token's expiry. */
  endsAt: number;
  actor: Actor;
  /** An event feed's organisation tree, to re-check who may read it if it turns private. */
  event?: Pick<ScopedEvent, "id" | "ancestry" | "hosts">;
  /** The bearer token: its expiry (epoch ms) and, for our own clients, what revocation checks. */
  token?: { expiresAt: number; holder?: TokenHolder };
  /** An organisation feed's retention floor when it opened (its `gap`). */
  prunedThrough?: number;
  /** The stream slots it holds in shared counters, freed when it ends (Workers). */
  leases?: SlotLease[];
}

/** How many recent changes a source keeps for watchers that fall behind or resume. */
const LOG_LIMIT = 500;
/** Rows read per statement when a source or a watcher catches up. */
const PAGE = 200;

type Reader = Pick<Client, "batch">;

/** The position in a log (sorted by seq) of the first entry after `seq`. */
function firstAfter(log: readonly { seq: number }[], seq: number): number {
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (log[mid]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function keepRecent<T extends { seq: number }>(log: T[], floor: number): number {
  if (log.length <= LOG_LIMIT) return floor;
  const dropped = log.splice(0, log.length - LOG_LIMIT);
  return dropped.at(-1)!.seq;
}

export interface EventFeedState {
  eventId: string;
  version: number;
  visibility: "public" | "private";
  /** False once the event is gone: every watcher's feed ends. */
  exists: boolean;
  /** Outbox position read up to. */
  cursor: number;
  /** The log holds every change after this position. */
  floor: number;
  log: ResultsChange[];
}

/** One event's results version, visibility and recent changes, as of its last refresh. */
export class EventFeedSource {
  state: EventFeedState;
  private started: boolean;

  constructor(eventId: string, saved?: EventFeedState) {
    this.state = saved ?? {
      eventId,
      version: 0,
      visibility: "public",
      exists: true,
      cursor: 0,
      floor: 0,
      log: [],
    };
    this.started = saved !== undefined;
  }

  get eventId() {
    return this.state.eventId;
  }

  /**
   * Brings the state up to the database in one round trip (the event's row and its feed rows
   * after the cursor, one read transaction); the first refresh starts at the outbox's end.
   * Says whether anything a watcher sees changed.
   */
  async refresh(client: Reader): Promise<boolean> {
    const s = this.state;
    const head = {
      sql: "select results_version as version, visibility from events where id = ?",
      args: [s.eventId],
    };
    if (!this.started) {
      const [event, latest] = await client.batch(
        [head, { sql: "select max(seq) as seq from outbox where event_id = ?", args: [s.eventId] }],
        "read",
      );
      this.applyHead(event!.rows[0]);
      s.cursor = s.floor = Number(latest!.rows[0]?.seq ?? 0);
      this.started = true;
      return true;
    }
    let changed = false;
    for (;;) {
      const [event, rows] = await client.batch(
        [head, eventFeedRowsStatement(s.eventId, s.cursor, PAGE)],
        "read",
      );
      changed = this.applyHead(event!.rows[0]) || changed;
      const { changes, cursor } = eventFeedChanges(rows!.rows, s.cursor);
      s.cursor = cursor;
      if (changes.length > 0) {
        s.log.push(...changes);
        s.floor = keepRecent(s.log, s.floor);
        changed = true;
      }
      if (rows!.rows.length < PAGE || changes.length === 0) return changed;
    }
  }

  private applyHead(row: Record<string, unknown> | undefined): boolean {
    const s = this.state;
    const before = `${s.exists}:${s.version}:${s.visibility}`;
    if (row) {
      s.version = Number(row.version);
      s.visibility = row.visibility === "private" ? "private" : "public";
    } else {
      s.exists = false;
    }
    return `${s.exists}:${s.version}:${s.visibility}` !== before;
  }
}

/** Whether the watcher still sees the event (it may have turned private, or be gone). */
function stillReadable(source: EventFeedSource, request: WatchRequest): boolean {
  const s = source.state;
  const event = request.event ?? { id: request.id, ancestry: [], hosts: [] };
  return s.exists && canReadEvent(request.actor, { ...event, visibility: s.visibility });
}

/**
 * A watcher's place in its feed: the outbox position read and, in an event feed, the last
 * version sent.
 */
export interface Watch {
  sent: number;
  cursor: number;
}

/**
 * What the source holds beyond the watcher, each version once and in order (a version the
 * outbox does not detail as the bare state); null when the log no longer reaches back to the
 * watcher's position (catch it up from the database).
 */
function eventMessages(source: EventFeedSource, watch: Watch): FeedMessage[] | null {
  const s = source.state;
  if (watch.cursor < s.floor) return null;
  const out: FeedMessage[] = [];
  for (let i = firstAfter(s.log, watch.cursor); i < s.log.length; i++) {
    const change = s.log[i]!;
    watch.cursor = change.seq;
    if (change.resultsVersion <= watch.sent) continue;
    out.push(eventChangeMessage(s.eventId, change));
    watch.sent = change.resultsVersion;
  }
  watch.cursor = Math.max(watch.cursor, s.cursor);
  if (s.version > watch.sent) {
    out.push(eventStateMessage(s.eventId, s.version));
    watch.sent = s.version;
  }
  return out;
}

/** Reads from the database what the log no longer holds for this watcher, then the rest from the log. */
async function catchUpEvent(db: Database, source: EventFeedSource, watch: Watch): Promise<FeedMessage[]> {
  const eventId = source.eventId;
  const out: FeedMessage[] = [];
  for (;;) {
    const result = await db.$client.execute(eventFeedRowsStatement(eventId, watch.cursor, PAGE));
    const { changes } = eventFeedChanges(result.rows, watch.cursor);
    for (const change of changes) {
      watch.cursor = change.seq;
      if (change.resultsVersion <= watch.sent) continue;
      out.push(eventChangeMessage(eventId, change));
      watch.sent = change.resultsVersion;
    }
    if (changes.length === 0) break;
  }
  // Everything up to the database's end is read, and the source's log starts before that.
  watch.cursor = Math.max(watch.cursor, source.state.floor);
  out.push(...(eventMessages(source, watch) ?? []));
  return out;
}

/**
 * Where a new watcher starts and what it is sent first. Without `Last-Event-ID` (or with a
 * version the event never had): the current version; at the current version: nothing; behind:
 * every version since, from the source's log or else the outbox, or `gap` and the current
 * version when the outbox no longer holds them.
 */
async function openEventWatch(
  db: Database,
  source: EventFeedSource,
  lastEventId: number | undefined,
): Promise<{ watch: Watch; messages: FeedMessage[] }> {
  const s = source.state;
  const current = s.version;
  if (lastEventId === undefined || lastEventId >= current) {
    const messages = lastEventId === current ? [] : [eventStateMessage(s.eventId, current)];
    return { watch: { sent: current, cursor: s.cursor }, messages };
  }
  const logged = s.log.find((change) => change.resultsVersion === lastEventId);
  if (logged) {
    const watch = { sent: lastEventId, cursor: logged.seq };
    return { watch, messages: eventMessages(source, watch) ?? [] };
  }
  const { after } = await eventFeedPosition(db, s.eventId, lastEventId);
  if (after === null) {
    return {
      watch: { sent: current, cursor: s.cursor },
      messages: [eventGapMessage(lastEventId, current), eventStateMessage(s.eventId, current)],
    };
  }
  const watch = { sent: lastEventId, cursor: after };
  return { watch, messages: await catchUpEvent(db, source, watch) };
}

export interface OrgFeedState {
  orgId: string;
  /** Outbox position read up to (of the whole outbox: other trees' rows are passed over once). */
  cursor: number;
  floor: number;
  log: OrgChange[];
}

/** The notifications of one organisation tree, as of the last refresh. */
export class OrgFeedSource {
  state: OrgFeedState;
  private started: boolean;

  constructor(orgId: string, saved?: OrgFeedState) {
    this.state = saved ?? { orgId, cursor: 0, floor: 0, log: [] };
    this.started = saved !== undefined;
  }

  get orgId() {
    return this.state.orgId;
  }

  /** One round trip: the outbox's end, and the tree's rows after the cursor. */
  async refresh(client: Reader): Promise<boolean> {
    const s = this.state;
    const end = { sql: "select max(seq) as seq from outbox", args: [] };
    if (!this.started) {
      const [latest] = await client.batch([end], "read");
      s.cursor = s.floor = Number(latest!.rows[0]?.seq ?? 0);
      this.started = true;
      return true;
    }
    let changed = false;
    for (;;) {
      const [latest, rows] = await client.batch([end, orgFeedRowsStatement(s.orgId, s.cursor, PAGE)], "read");
      const changes = orgChangesOf(rows!.rows);
      if (changes.length > 0) {
        s.log.push(...changes);
        s.floor = keepRecent(s.log, s.floor);
        changed = true;
      }
      if (changes.length === PAGE) {
        s.cursor = changes.at(-1)!.seq;
        continue;
      }
      // The same read transaction: no row of the tree lies between the last one and the end.
      s.cursor = Math.max(s.cursor, Number(latest!.rows[0]?.seq ?? 0));
      return changed;
    }
  }
}

type OrgWatch = Pick<Watch, "cursor">;

function orgMessages(source: OrgFeedSource, watch: OrgWatch): FeedMessage[] | null {
  const s = source.state;
  if (watch.cursor < s.floor) return null;
  const out: FeedMessage[] = [];
  for (let i = firstAfter(s.log, watch.cursor); i < s.log.length; i++) {
    out.push(orgChangeMessage(s.log[i]!));
  }
  watch.cursor = Math.max(watch.cursor, s.cursor);
  return out;
}

async function catchUpOrg(db: Database, source: OrgFeedSource, watch: OrgWatch): Promise<FeedMessage[]> {
  const out: FeedMessage[] = [];
  for (;;) {
    const result = await db.$client.execute(orgFeedRowsStatement(source.orgId, watch.cursor, PAGE));
    const changes = orgChangesOf(result.rows);
    for (const change of changes) {
      out.push(orgChangeMessage(change));
      watch.cursor = change.seq;
    }
    if (changes.length < PAGE) break;
  }
  watch.cursor = Math.max(watch.cursor, source.state.floor);
  out.push(...(orgMessages(source, watch) ?? []));
  return out;
}

/**
 * A new watcher of an organisation feed: without `Last-Event-ID` it starts with the next change;
 * with one, it first gets what it missed (after `gap` when that is past the retention window).
 */
async function openOrgWatch(
  db: Database,
  source: OrgFeedSource,
  lastEventId: number | undefined,
  prunedThrough: number,
): Promise<{ watch: Watch; messages: FeedMessage[] }> {
  if (lastEventId === undefined) return { watch: { sent: 0, cursor: source.state.cursor }, messages: [] };
  const messages: FeedMessage[] = [];
  const watch = { sent: 0, cursor: lastEventId };
  if (lastEventId < prunedThrough) {
    messages.push(orgGapMessage(lastEventId, prunedThrough));
    watch.cursor = prunedThrough;
  }
  const fromLog = orgMessages(source, watch);
  messages.push(...(fromLog ?? (await catchUpOrg(db, source, watch))));
  return { watch, messages };
}

export type FeedSource = EventFeedSource | OrgFeedSource;

/** Where a new watcher of either feed starts, and what it is sent first. */
export function openWatch(db: Database, source: FeedSource, request: WatchRequest) {
  return source instanceof EventFeedSource
    ? openEventWatch(db, source, request.lastEventId)
    : openOrgWatch(db, source, request.lastEventId, request.prunedThrough ?? 0);
}

/**
 * What the watcher has not been sent yet, from the source's log or else the database; null
 * when it may no longer read the event (its feed ends quietly).
 */
export async function nextMessages(
  db: Database,
  source: FeedSource,
  request: WatchRequest,
  watch: Watch,
): Promise<FeedMessage[] | null> {
  if (source instanceof OrgFeedSource) {
    return orgMessages(source, watch) ?? (await catchUpOrg(db, source, watch));
  }
  if (!stillReadable(source, request)) return null;
  return eventMessages(source, watch) ?? (await catchUpEvent(db, source, watch));
}
