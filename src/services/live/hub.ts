/**
 * The live feeds of one process: one source per watched event and per watched organisation
 * feed, however many connections watch it, and one revocation read per interval for all the
 * tokens those connections hold. A source reads the database when a write of this process tells
 * it that its feed changed (`notify`), and otherwise once per safety interval, which only a
 * write made elsewhere (the CLI, another server) needs. A source starts with its first watcher
 * and stops with its last, so an event nobody watches costs nothing.
 */
import type { Database } from "../../db/client";
import { type FeedSource, feedSource, type WatchRequest } from "./feeds";
import { endLapsedTokens, type HeldToken } from "./tokens";

export interface HubLogger {
  error(message: string, fields?: Record<string, unknown>): void;
}

interface LiveHubOptions {
  db: Database;
  clock: () => Date;
  /** How often a watched feed's source reads the database when no write of this process told it to. */
  pollMs: number;
  /** How often the tokens held by connections are checked for revocation. */
  tokenCheckMs: number;
  logger?: HubLogger;
}

/** A watcher's hold on a source: the source, and how to leave it (it stops with its last watcher). */
export interface Lease {
  source: FeedSource;
  release(): void;
}

/**
 * A source's refresh, one at a time on either runtime: a call while one runs shares it and makes
 * it read once more afterwards (the notice may be of a change that read did not see).
 */
export function singleFlight(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}

class Shared {
  readonly listeners = new Set<() => void>();
  ready: Promise<void>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly refresh = singleFlight(async () => {
    if (!this.stopped && (await this.source.refresh(this.hub.db.$client))) {
      for (const listener of [...this.listeners]) listener();
    }
  });

  constructor(
    readonly source: FeedSource,
    private readonly hub: LiveHubOptions,
  ) {
    this.ready = source.refresh(hub.db.$client).then(() => this.schedule());
  }

  private schedule() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), this.hub.pollMs);
    this.timer.unref?.();
  }

  /** A write told this feed it changed: read now (once more after a read already running). */
  refreshNow() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    void this.ready.then(
      () => this.tick(),
      () => {},
    );
  }

  private async tick() {
    try {
      await this.refresh();
    } catch (error) {
      // A failed read is retried at the next interval; the watchers keep waiting.
      this.hub.logger?.error("live feed refresh failed", { error: String(error) });
    } finally {
      this.schedule();
    }
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

export class LiveHub {
  /** The running sources, by `<kind>:<id>`. */
  private readonly sources = new Map<string, Shared>();
  private readonly tokens = new Set<HeldToken>();
  /** Whether the token check is scheduled (it stops by itself once no token is held). */
  private checkingTokens = false;

  constructor(private readonly options: LiveHubOptions) {}

  get db(): Database {
    return this.options.db;
  }

  get logger(): HubLogger | undefined {
    return this.options.logger;
  }

  /** Joins the feed's source (started, and read once, if nobody watched it yet). */
  async watch(kind: WatchRequest["kind"], id: string, onChange: () => void): Promise<Lease> {
    const key = `${kind}:${id}`;
    const shared = this.sources.get(key) ?? new Shared(feedSource(kind, id), this.options);
    this.sources.set(key, shared);
    shared.listeners.add(onChange);
    const release = () => {
      shared.listeners.delete(onChange);
      if (shared.listeners.size === 0 && this.sources.get(key) === shared) {
        shared.stop();
        this.sources.delete(key);
      }
    };
    try {
      await shared.ready;
    } catch (error) {
      release();
      throw error;
    }
    return { source: shared.source, release };
  }

  /** A write of this process committed these changes: their sources read them now. */
  notify(changes: { events: Iterable<string>; orgs: Iterable<string> }): void {
    for (const eventId of changes.events) this.sources.get(`event:${eventId}`)?.refreshNow();
    for (const orgId of changes.orgs) this.sources.get(`org:${orgId}`)?.refreshNow();
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
    return () => void this.tokens.delete(held);
  }

  private scheduleTokens() {
    setTimeout(() => void this.checkTokens(), this.options.tokenCheckMs).unref?.();
  }

  private async checkTokens() {
    // Tokens held while the check reads are not in it: they are checked from the next one on.
    const checked = [...this.tokens];
    try {
      const good = new Set(await endLapsedTokens(this.options.db, checked, this.options.clock().getTime()));
      for (const held of checked) if (!good.has(held)) this.tokens.delete(held);
    } catch (error) {
      this.options.logger?.error("live feed revocation check failed", { error: String(error) });
    } finally {
      if (this.tokens.size > 0) this.scheduleTokens();
      else this.checkingTokens = false;
    }
  }
}
