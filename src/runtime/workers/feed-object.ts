/**
 * The live feeds on Workers: one Durable Object per event (`event:<id>`) and per organisation
 * feed (`org:<id>`) holds the feed's current state and recent change log (services/live), and
 * every watcher of the feed is connected to it: SSE streams (forwarded once by the Worker) and
 * WebSockets accepted through the Hibernation API, so idle sockets cost nothing between changes.
 *
 * The object reads the database only when told that a write changed its feed (`POST /notify`,
 * sent by the write's Worker after its batch committed) and on its alarm, every refresh
 * interval while it has watchers: the safety net for a lost notice (the change then arrives up
 * to one interval late) and the moment tokens are checked (expiry from the token, revocation in
 * one read for all watchers). Without watchers it keeps nothing and sets no alarm.
 *
 * The same class serves the stream caps' counters (`slots:<key>`): leases of concurrent
 * streams per client or address, each with an end time, so a lease nobody releases still lapses.
 */

import { type Config, type ConfigInput, readConfig } from "../../config";
import type { Database } from "../../db/client";
import { openWebDatabase } from "../../db/web";
import { consoleLogger } from "../../http/context";
import {
  type EndReason,
  endLapsedTokens,
  endMessage,
  type FeedHost,
  type FeedMessage,
  type FeedSource,
  feedSource,
  feedStream,
  type HeldToken,
  PING_EVERY_MS,
  PING_MESSAGE,
  type SlotLease,
  singleFlight,
  socketFrame,
  type Watch,
  type WatchRequest,
} from "../../services/live";
import type { DurableObjectState, HibernatableSocket } from "./types";
import { socketGlobals } from "./types";

/** What a feed's object reads of the Worker's environment: its settings, and the objects' binding. */
type LiveEnv = ConfigInput & { LIVE_FEEDS?: DurableObjectNamespace };

/** The header a forwarded watcher travels in. */
export const WATCH_HEADER = "x-live-watch";

type Kind = "event" | "org" | "slots";

/** What a WebSocket keeps across hibernation. */
interface SocketWatch {
  request: WatchRequest;
  watch: Watch;
  lastSent: number;
}

const configs = new WeakMap<LiveEnv, Config>();

/** The Worker's configuration, read once per environment (the Worker itself refused a malformed one). */
function configOf(env: LiveEnv): Config {
  if (!configs.has(env)) configs.set(env, readConfig(env, "workers"));
  return configs.get(env)!;
}

/** Frees slots held in the counters' objects (a stream's end). */
export async function releaseLeases(
  namespace: DurableObjectNamespace | undefined,
  leases: readonly SlotLease[],
) {
  if (!namespace) return;
  await Promise.allSettled(
    leases.map((lease) =>
      namespace
        .get(namespace.idFromName(lease.counter))
        .fetch("https://live/release", { method: "POST", body: JSON.stringify({ id: lease.id }) }),
    ),
  );
}

export class LiveFeed implements FeedHost {
  private kind: Kind | undefined;
  private id = "";
  private source: FeedSource | undefined;
  private dbHandle: Database | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly tokens = new Set<HeldToken>();

  constructor(
    private readonly state: DurableObjectState,
    private readonly env: LiveEnv,
  ) {
    // A client's "ping" is answered without waking the object.
    state.setWebSocketAutoResponse(new socketGlobals.WebSocketRequestResponsePair("ping", "pong"));
    void state.blockConcurrencyWhile(async () => {
      const meta = await state.storage.get<{ kind: Kind; id: string }>("meta");
      if (!meta) return;
      this.kind = meta.kind;
      this.id = meta.id;
      const saved = await state.storage.get<FeedSource["state"]>("state");
      if (saved && meta.kind !== "slots") this.source = feedSource(meta.kind, meta.id, saved);
    });
  }

  get db(): Database {
    const config = configOf(this.env);
    this.dbHandle ??= openWebDatabase(config.DATABASE_URL ?? "", config.DATABASE_AUTH_TOKEN);
    return this.dbHandle;
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const name = url.searchParams.get("name") ?? "";
    const split = name.indexOf(":");
    await this.remember(name.slice(0, split) as Kind, name.slice(split + 1));
    switch (url.pathname) {
      case "/notify":
        // Nobody watching: nothing to bring up to date (the next watcher starts from the database).
        if (this.hasWatchers()) await this.refresh();
        return new Response(null, { status: 204 });
      case "/stream":
        return this.openStream(JSON.parse(request.headers.get(WATCH_HEADER) ?? "{}") as WatchRequest);
      case "/socket":
        return this.openSocket(JSON.parse(request.headers.get(WATCH_HEADER) ?? "{}") as WatchRequest);
      case "/acquire":
        return Response.json(await this.acquire((await request.json()) as AcquireRequest));
      case "/release":
        await this.state.storage.delete(`lease:${((await request.json()) as { id: string }).id}`);
        return new Response(null, { status: 204 });
      default:
        return new Response(null, { status: 404 });
    }
  }

  private async remember(kind: Kind, id: string) {
    if (this.kind || !id) return;
    this.kind = kind;
    this.id = id;
    await this.state.storage.put("meta", { kind, id });
  }

  // ——— the feed ———

  private hasWatchers(): boolean {
    return this.listeners.size > 0 || this.state.getWebSockets().length > 0;
  }

  /** The feed's source, read from the database if the object had none. */
  private async ensureSource(): Promise<FeedSource> {
    if (!this.source) {
      const source = feedSource(this.kind === "org" ? "org" : "event", this.id);
      await source.refresh(this.db.$client);
      this.source ??= source;
      await this.state.storage.put("state", this.source.state);
    }
    if ((await this.state.storage.getAlarm()) === null) await this.scheduleRefresh();
    return this.source;
  }

  /** The alarm in LIVE_REFRESH_MS: how late a change whose notice was lost arrives at most. */
  private scheduleRefresh() {
    return this.state.storage.setAlarm(Date.now() + configOf(this.env).LIVE_REFRESH_MS);
  }

  /** One read of the database for every watcher; a notice during a read makes one more. */
  private readonly refresh = singleFlight(async () => {
    const source = this.source;
    if (source && (await source.refresh(this.db.$client))) {
      await this.state.storage.put("state", source.state);
      for (const listener of [...this.listeners]) listener();
      await this.sendSockets();
    }
  });

  /** Forgets everything once nobody watches: the next watcher starts from the database. */
  private async idleIfUnwatched() {
    if (this.hasWatchers()) return;
    this.source = undefined;
    await this.state.storage.delete("state");
    await this.state.storage.deleteAlarm();
  }

  // ——— the SSE streams' host (as the process's hub is on Node) ———

  /** A stream joins the object's feed (the kind and id are the object's own). */
  readonly watch: FeedHost["watch"] = async (_kind, _id, onChange) => {
    const source = await this.ensureSource();
    this.listeners.add(onChange);
    return {
      source,
      release: () => {
        this.listeners.delete(onChange);
        void this.idleIfUnwatched();
      },
    };
  };

  holdToken(held: HeldToken) {
    this.tokens.add(held);
    return () => void this.tokens.delete(held);
  }

  readonly logger = consoleLogger;

  private openStream(request: WatchRequest): Response {
    return feedStream(this, request, () => void releaseLeases(this.env.LIVE_FEEDS, request.leases ?? []));
  }

  private async openSocket(request: WatchRequest): Promise<Response> {
    const source = await this.ensureSource();
    const { 0: client, 1: server } = new socketGlobals.WebSocketPair();
    this.state.acceptWebSocket(server);
    const opened = await source.open(this.db, request);
    const entry: SocketWatch = { request, watch: opened.watch, lastSent: Date.now() };
    this.send(server, entry, opened.messages);
    server.serializeAttachment(entry);
    return new Response(null, { status: 101, webSocket: client } as ResponseInit);
  }

  private send(socket: HibernatableSocket, entry: SocketWatch, messages: readonly FeedMessage[]) {
    if (messages.length === 0) return;
    for (const message of messages) socket.send(socketFrame(message));
    entry.lastSent = Date.now();
  }

  private end(socket: HibernatableSocket, entry: SocketWatch, reason?: EndReason) {
    if (reason) this.send(socket, entry, [endMessage(reason)]);
    socket.close(1000, reason ?? "done");
    void releaseLeases(this.env.LIVE_FEEDS, entry.request.leases ?? []);
  }

  /** The sockets with what they keep across hibernation. */
  private *sockets(): Generator<[HibernatableSocket, SocketWatch]> {
    for (const socket of this.state.getWebSockets()) {
      const entry = socket.deserializeAttachment() as SocketWatch | null;
      if (entry) yield [socket, entry];
    }
  }

  /** What each socket has not seen yet; the attachment keeps its place across hibernation. */
  private async sendSockets() {
    const source = this.source;
    if (!source) return;
    for (const [socket, entry] of this.sockets()) {
      const messages = await source.next(this.db, entry.request, entry.watch);
      if (messages === null) {
        this.end(socket, entry);
        continue;
      }
      this.send(socket, entry, messages);
      socket.serializeAttachment(entry);
    }
  }

  async alarm(): Promise<void> {
    if (this.kind === "slots") return this.expireLeases();
    if (!this.hasWatchers()) return this.idleIfUnwatched();
    if (!this.source) await this.ensureSource();
    await this.refresh();
    await this.checkTokens();
    const now = Date.now();
    for (const [socket, entry] of this.sockets()) {
      if (now >= entry.request.endsAt) this.end(socket, entry);
      else if (now - entry.lastSent >= PING_EVERY_MS) {
        this.send(socket, entry, [PING_MESSAGE]);
        socket.serializeAttachment(entry);
      }
    }
    // SSE streams wake to check their own deadlines and pings.
    if (this.hasWatchers()) await this.scheduleRefresh();
    else await this.idleIfUnwatched();
  }

  /** The tokens of every stream and socket this object serves, checked at once (services/live/tokens.ts). */
  private async checkTokens() {
    const held: HeldToken[] = [...this.tokens];
    for (const [socket, entry] of this.sockets()) {
      const token = entry.request.token;
      if (token) held.push({ ...token, end: (reason) => this.end(socket, entry, reason) });
    }
    await endLapsedTokens(this.db, held, Date.now());
  }

  /**
   * Watchers only listen ("ping" is answered by the auto-response without waking the object):
   * anything else would wake it once per message, for every watcher of the feed, so it closes
   * the socket.
   */
  async webSocketMessage(socket: HibernatableSocket): Promise<void> {
    await this.closeSocket(socket, 1008, "watchers only listen: send nothing but ping");
  }

  async webSocketClose(socket: HibernatableSocket): Promise<void> {
    await this.closeSocket(socket, 1000, "closed");
  }

  async webSocketError(socket: HibernatableSocket): Promise<void> {
    await this.webSocketClose(socket);
  }

  private async closeSocket(socket: HibernatableSocket, code: number, reason: string) {
    const entry = socket.deserializeAttachment() as SocketWatch | null;
    socket.close(code, reason);
    if (entry) await releaseLeases(this.env.LIVE_FEEDS, entry.request.leases ?? []);
    await this.idleIfUnwatched();
  }

  // ——— the stream caps' counters ———

  /** Drops the lapsed leases; returns when each of the others lapses. */
  private async liveLeases(): Promise<number[]> {
    const now = Date.now();
    const leases = await this.state.storage.list<number>({ prefix: "lease:" });
    const expired = [...leases].filter(([, until]) => until <= now).map(([key]) => key);
    if (expired.length > 0) await this.state.storage.delete(expired);
    return [...leases.values()].filter((until) => until > now);
  }

  private async acquire(request: AcquireRequest): Promise<{ granted: boolean }> {
    if ((await this.liveLeases()).length >= request.limit) return { granted: false };
    await this.state.storage.put(`lease:${request.id}`, request.until);
    const alarm = await this.state.storage.getAlarm();
    if (alarm === null || alarm > request.until) await this.state.storage.setAlarm(request.until);
    return { granted: true };
  }

  private async expireLeases() {
    const next = Math.min(...(await this.liveLeases()));
    if (Number.isFinite(next)) await this.state.storage.setAlarm(next);
    else await this.state.storage.deleteAll();
  }
}

interface AcquireRequest {
  id: string;
  limit: number;
  /** When the lease lapses if nobody releases it (epoch ms). */
  until: number;
}
