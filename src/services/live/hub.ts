/**
 * The live feeds of one process: one source per watched event and per watched organisation
 * feed, however many connections watch it, and one revocation read per interval for all the
 * tokens those connections hold. A source reads the database when a write of this process tells
 * it that its feed changed (`notify`), and otherwise once per safety interval, which only a
 * write made elsewhere (the CLI, another server) needs. A source starts with its first watcher
 * and stops with its last, so an event nobody watches costs nothing.
 */
import type { Database } from "../../db/client";
import { EventFeedSource, OrgFeedSource } from "./feeds";
import { endLapsedTokens, type HeldToken } from "./tokens";

interface HubLogger {
  error(message: string, fields?: Record<string, unknown>): void;
}

interface LiveHubOptions {
  db: Database;
  clock: () => Date;
  /** How often a watched event's source reads the database when no write of this process told it to. */
  eventPollMs: number;
  /** The same for an organisation feed's source. */
  orgPollMs: number;
  /** How often the tokens held by connections are checked for revocation. */
  tokenCheckMs: number;
  logger?: HubLogger;
}

interface Refreshable {
  refresh(client: Database["$client"]): Promise<boolean>;
}

/** A source's subscription: its state, and a callback run after each refresh that changed it. */
export interface Lease<S> {
  source: S;
  release(): void;
}

class Shared<S extends Refreshable> {
  readonly listeners = new Set<() => void>();
  ready: Promise<void>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** A refresh is running; `again` asks for one more after it (a change it may have missed). */
  private refreshing = false;
  private again = false;

  constructor(
    readonly source: S,
    private readonly hub: LiveHubOptions,
    private readonly intervalMs: number,
  ) {
    this.ready = source.refresh(hub.db.$client).then(() => this.schedule());
  }

  private schedule() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), this.intervalMs);
    this.timer.unref?.();
  }

  /** A write told this feed it changed: read now (once more after a read already running). */
  refreshNow() {
    if (this.stopped) return;
    if (this.refreshing) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    void this.ready.then(
      () => this.tick(),
      () => {},
    );
  }

  private async tick() {
    if (this.stopped || this.refreshing) return;
    this.refreshing = true;
    try {
      do {
        this.again = false;
        if (await this.source.refresh(this.hub.db.$client)) {
          for (const listener of [...this.listeners]) listener();
        }
      } while (this.again && !this.stopped);
    } catch (error) {
      // A failed read is retried at the next interval; the watchers keep waiting.
      this.hub.logger?.error("live feed refresh failed", { error: String(error) });
    } finally {
      this.refreshing = false;
      this.schedule();
    }
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

export class LiveHub {
  private readonly events = new Map<string, Shared<EventFeedSource>>();
  private readonly orgs = new Map<string, Shared<OrgFeedSource>>();
  private readonly tokens = new Set<HeldToken>();
  /** Whether the token check is scheduled (it stops by itself once no token is held). */
  private checkingTokens = false;

  constructor(private readonly options: LiveHubOptions) {}

  get db(): Database {
    return this.options.db;
  }

  /** Joins the event's source (started, and read once, if nobody watched it yet). */
  watchEvent(eventId: string, onChange: () => void): Promise<Lease<EventFeedSource>> {
    return this.join(
      this.events,
      eventId,
      () => new EventFeedSource(eventId),
      this.options.eventPollMs,
      onChange,
    );
  }

  watchOrg(orgId: string, onChange: () => void): Promise<Lease<OrgFeedSource>> {
    return this.join(this.orgs, orgId, () => new OrgFeedSource(orgId), this.options.orgPollMs, onChange);
  }

  /** A write of this process committed these changes: their sources read them now. */
  notify(changes: { events: Iterable<string>; orgs: Iterable<string> }): void {
    for (const eventId of changes.events) this.events.get(eventId)?.refreshNow();
    for (const orgId of changes.orgs) this.orgs.get(orgId)?.refreshNow();
  }

  /** Sources running now (what the tests and the bench look at). */
  get running(): { events: number; orgs: number } {
    return { events: this.events.size, orgs: this.orgs.size };
  }

  private async join<S extends Refreshable>(
    map: Map<string, Shared<S>>,
    key: string,
    create: () => S,
    intervalMs: number,
    onChange: () => void,
  ): Promise<Lease<S>> {
    let shared = map.get(key);
    if (!shared) {
      shared = new Shared(create(), this.options, intervalMs);
      map.set(key, shared);
    }
    const joined = shared;
    joined.listeners.add(onChange);
    const release = () => {
      joined.listeners.delete(onChange);
      if (joined.listeners.size === 0 && map.get(key) === joined) {
        joined.stop();
        map.delete(key);
      }
    };
    try {
      await joined.ready;
    } catch (error) {
      release();
      throw error;
    }
    return { source: joined.source, release };
  }

  /**
   * Ends a connection when its token expires (read from the token: no query) or its client is
   * revoked (one read per interval for every token held by a connection of this process).
   */
  holdToken(held: HeldToken): () => void {
    this.tokens.add(held);
    if (!this.checkingTokens) {
      this.checkingTokens = true;
      this.scheduleTokens();
    }
    return () => {
      this.tokens.delete(held);
    };
  }

  private scheduleTokens() {
    setTimeout(() => void this.checkTokens(), this.options.tokenCheckMs).unref?.();
  }

  private async checkTokens() {
    try {
      const good = new Set(
        await endLapsedTokens(this.options.db, [...this.tokens], this.options.clock().getTime()),
      );
      for (const held of [...this.tokens]) if (!good.has(held)) this.tokens.delete(held);
    } catch (error) {
      this.options.logger?.error("live feed revocation check failed", { error: String(error) });
    } finally {
      if (this.tokens.size > 0) this.scheduleTokens();
      else this.checkingTokens = false;
    }
  }
}
