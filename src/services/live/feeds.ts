/**
 * The shared state of a live feed and each watcher's place in it, the same on both runtimes:
 * Node keeps one source per event (and per organisation feed) in its process (hub.ts), Workers
 * keep it in the feed's Durable Object. A source reads the database in one round trip per
 * refresh whatever the number of watchers; a watcher only compares its position with the
 * source's and is sent what it has not seen, once, in order.
 */
import type { Client, InStatement } from "@libsql/client";
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

/**
 * A watcher's place in its feed: the outbox position read and, in an event feed, the last
 * version sent.
 */
export interface Watch {
  sent: number;
  cursor: number;
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

/** What every feed keeps: the outbox position read up to, and its recent changes. */
interface FeedLog<C extends { seq: number }> {
  cursor: number;
  /** The log holds every change after this position. */
  floor: number;
  log: C[];
}

/**
 * A feed's source: its state as of the last refresh, and what a watcher is sent from it. Each
 * feed says which rows are its changes and which of them a watcher has not seen.
 */
abstract class LoggedFeed<C extends { seq: number }, S extends FeedLog<C>> {
  constructor(
    public state: S,
    private started: boolean,
  ) {}

  /** The statement reading the feed's rows after outbox position `seq`, and the changes among them. */
  protected abstract readonly rows: (seq: number) => InStatement;
  protected abstract readonly changesOf: (rows: readonly Record<string, unknown>[]) => C[];
  /** Read with every page of rows, in the same read transaction. */
  protected abstract head(): InStatement;
  /** Applies the head read with a page (`last`: nothing more to read); says whether a watcher sees a change. */
  protected abstract applyHead(row: Record<string, unknown> | undefined, last: boolean): boolean;
  /** The first refresh: where the feed starts (the outbox's end). */
  protected abstract start(client: Reader): Promise<number>;
  /** Adds the change to the watcher's messages unless it has seen it. */
  protected abstract emit(change: C, watch: Watch, out: FeedMessage[]): void;
  /** Where a new watcher starts, and what it is sent first. */
  abstract open(db: Database, request: WatchRequest): Promise<{ watch: Watch; messages: FeedMessage[] }>;

  /**
   * Brings the state up to the database, one round trip per page (the head and the rows after
   * the cursor, one read transaction). Says whether anything a watcher sees changed.
   */
  async refresh(client: Reader): Promise<boolean> {
    const s = this.state;
    if (!this.started) {
      s.cursor = s.floor = await this.start(client);
      this.started = true;
      return true;
    }
    let changed = false;
    for (;;) {
      const [head, rows] = await client.batch([this.head(), this.rows(s.cursor)], "read");
      const changes = this.changesOf(rows!.rows);
      s.cursor = changes.at(-1)?.seq ?? s.cursor;
      if (changes.length > 0) {
        s.log.push(...changes);
        if (s.log.length > LOG_LIMIT) s.floor = s.log.splice(0, s.log.length - LOG_LIMIT).at(-1)!.seq;
        changed = true;
      }
      const last = rows!.rows.length < PAGE || changes.length === 0;
      changed = this.applyHead(head!.rows[0], last) || changed;
      if (last) return changed;
    }
  }

  /**
   * What the log holds beyond the watcher; null when it no longer reaches back to the
   * watcher's position (catch it up from the database).
   */
  protected fromLog(watch: Watch): FeedMessage[] | null {
    const s = this.state;
    if (watch.cursor < s.floor) return null;
    const out: FeedMessage[] = [];
    for (let i = firstAfter(s.log, watch.cursor); i < s.log.length; i++) this.emit(s.log[i]!, watch, out);
    watch.cursor = Math.max(watch.cursor, s.cursor);
    return out;
  }

  /** Reads from the database what the log no longer holds for this watcher, then the rest from the log. */
  protected async catchUp(db: Database, watch: Watch): Promise<FeedMessage[]> {
    const out: FeedMessage[] = [];
    for (;;) {
      const { rows } = await db.$client.execute(this.rows(watch.cursor));
      const changes = this.changesOf(rows);
      for (const change of changes) this.emit(change, watch, out);
      if (rows.length < PAGE || changes.length === 0) break;
    }
    // Everything up to the database's end is read, and the source's log starts before that.
    watch.cursor = Math.max(watch.cursor, this.state.floor);
    out.push(...(this.fromLog(watch) ?? []));
    return out;
  }

  /** Whether the watcher may still read the feed. */
  protected readable(_request: WatchRequest): boolean {
    return true;
  }

  /**
   * What the watcher has not been sent yet, from the source's log or else the database; null
   * when it may no longer read the feed (it ends quietly).
   */
  async next(db: Database, request: WatchRequest, watch: Watch): Promise<FeedMessage[] | null> {
    if (!this.readable(request)) return null;
    return this.fromLog(watch) ?? (await this.catchUp(db, watch));
  }
}

interface EventFeedState extends FeedLog<ResultsChange> {
  eventId: string;
  version: number;
  visibility: "public" | "private";
  /** False once the event is gone: every watcher's feed ends. */
  exists: boolean;
}

/** One event's results version, visibility and recent changes, as of its last refresh. */
class EventFeedSource extends LoggedFeed<ResultsChange, EventFeedState> {
  constructor(eventId: string, saved?: EventFeedState) {
    super(
      saved ?? { eventId, version: 0, visibility: "public", exists: true, cursor: 0, floor: 0, log: [] },
      saved !== undefined,
    );
  }

  protected readonly rows = (seq: number) => eventFeedRowsStatement(this.state.eventId, seq, PAGE);
  protected readonly changesOf = eventFeedChanges;

  protected head() {
    return {
      sql: "select results_version as version, visibility from events where id = ?",
      args: [this.state.eventId],
    };
  }

  protected applyHead(row: Record<string, unknown> | undefined): boolean {
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

  protected async start(client: Reader) {
    const [event, latest] = await client.batch(
      [
        this.head(),
        { sql: "select max(seq) as seq from outbox where event_id = ?", args: [this.state.eventId] },
      ],
      "read",
    );
    this.applyHead(event!.rows[0]);
    return Number(latest!.rows[0]?.seq ?? 0);
  }

  /** Each version once and in order. */
  protected emit(change: ResultsChange, watch: Watch, out: FeedMessage[]) {
    watch.cursor = change.seq;
    if (change.resultsVersion <= watch.sent) return;
    out.push(eventChangeMessage(this.state.eventId, change));
    watch.sent = change.resultsVersion;
  }

  /** The log's versions, then the current one as the bare state when the outbox does not detail it. */
  protected override fromLog(watch: Watch): FeedMessage[] | null {
    const out = super.fromLog(watch);
    const s = this.state;
    if (out && s.version > watch.sent) {
      out.push(eventStateMessage(s.eventId, s.version));
      watch.sent = s.version;
    }
    return out;
  }

  /**
   * Without `Last-Event-ID` (or with a version the event never had): the current version; at
   * the current version: nothing; behind: every version since, from the log or else the
   * outbox, or `gap` and the current version when the outbox no longer holds them.
   */
  async open(db: Database, { lastEventId }: WatchRequest) {
    const s = this.state;
    const current = s.version;
    if (lastEventId === undefined || lastEventId >= current) {
      const messages = lastEventId === current ? [] : [eventStateMessage(s.eventId, current)];
      return { watch: { sent: current, cursor: s.cursor }, messages };
    }
    const logged = s.log.find((change) => change.resultsVersion === lastEventId);
    if (logged) {
      const watch = { sent: lastEventId, cursor: logged.seq };
      return { watch, messages: this.fromLog(watch) ?? [] };
    }
    const after = await eventFeedPosition(db, s.eventId, lastEventId);
    if (after === null) {
      return {
        watch: { sent: current, cursor: s.cursor },
        messages: [eventGapMessage(lastEventId, current), eventStateMessage(s.eventId, current)],
      };
    }
    const watch = { sent: lastEventId, cursor: after };
    return { watch, messages: await this.catchUp(db, watch) };
  }

  /** Whether the watcher still sees the event (it may have turned private, or be gone). */
  protected override readable(request: WatchRequest) {
    const event = request.event ?? { id: request.id, ancestry: [], hosts: [] };
    return this.state.exists && canReadEvent(request.actor, { ...event, visibility: this.state.visibility });
  }
}

/** An organisation tree's notifications; its cursor is an outbox seq, read through the tree's own keys (outbox_orgs). */
interface OrgFeedState extends FeedLog<OrgChange> {
  orgId: string;
}

/** The notifications of one organisation tree, as of the last refresh. */
class OrgFeedSource extends LoggedFeed<OrgChange, OrgFeedState> {
  constructor(orgId: string, saved?: OrgFeedState) {
    super(saved ?? { orgId, cursor: 0, floor: 0, log: [] }, saved !== undefined);
  }

  protected readonly rows = (seq: number) => orgFeedRowsStatement(this.state.orgId, seq, PAGE);
  protected readonly changesOf = orgChangesOf;

  /** The outbox's end. */
  protected head() {
    return { sql: "select max(seq) as seq from outbox", args: [] };
  }

  /** The same read transaction: no row of the tree lies between the last one read and the end. */
  protected applyHead(row: Record<string, unknown> | undefined, last: boolean) {
    if (last) this.state.cursor = Math.max(this.state.cursor, Number(row?.seq ?? 0));
    return false;
  }

  protected async start(client: Reader) {
    const [latest] = await client.batch([this.head()], "read");
    return Number(latest!.rows[0]?.seq ?? 0);
  }

  protected emit(change: OrgChange, watch: Watch, out: FeedMessage[]) {
    watch.cursor = change.seq;
    out.push(orgChangeMessage(change));
  }

  /**
   * Without `Last-Event-ID` it starts with the next change; with one, it first gets what it
   * missed (after `gap` when that is past the retention window).
   */
  async open(db: Database, { lastEventId, prunedThrough = 0 }: WatchRequest) {
    if (lastEventId === undefined) return { watch: { sent: 0, cursor: this.state.cursor }, messages: [] };
    const messages: FeedMessage[] = [];
    const watch = { sent: 0, cursor: lastEventId };
    if (lastEventId < prunedThrough) {
      messages.push(orgGapMessage(lastEventId, prunedThrough));
      watch.cursor = prunedThrough;
    }
    messages.push(...(this.fromLog(watch) ?? (await this.catchUp(db, watch))));
    return { watch, messages };
  }
}

export type FeedSource = EventFeedSource | OrgFeedSource;

/** A feed's source, fresh (read from the database at its first refresh) or as it was saved. */
export function feedSource(kind: WatchRequest["kind"], id: string, saved?: EventFeedState | OrgFeedState) {
  return kind === "org"
    ? new OrgFeedSource(id, saved as OrgFeedState | undefined)
    : new EventFeedSource(id, saved as EventFeedState | undefined);
}
