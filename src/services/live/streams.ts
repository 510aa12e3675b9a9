/**
 * One SSE connection of a live feed, the same code on Node (host: the process's hub) and in a
 * feed's Durable Object on Workers (host: the object): the connection joins the shared source,
 * is sent what it missed, then waits until the source changes, its token ends, or its time is
 * up. It never reads the database while waiting: only the source does, once for everyone.
 */
import type { Database } from "../../db/client";
import type { Actor, ScopedEvent } from "../access";
import type { TokenHolder } from "../auth";
import type { SlotLease } from "./caps";
import {
  catchUpEvent,
  catchUpOrg,
  type EventFeedSource,
  eventMessages,
  type OrgFeedSource,
  openEventWatch,
  openOrgWatch,
  orgMessages,
  stillReadable,
} from "./feeds";
import type { Lease } from "./hub";
import {
  type EndReason,
  endMessage,
  type FeedMessage,
  PING_EVERY_MS,
  PING_MESSAGE,
  sseFrame,
} from "./messages";
import { type HeldToken, heldToken } from "./tokens";

/** What a stream needs from where it runs. */
export interface FeedHost {
  db: Database;
  watchEvent(eventId: string, onChange: () => void): Promise<Lease<EventFeedSource>>;
  watchOrg(orgId: string, onChange: () => void): Promise<Lease<OrgFeedSource>>;
  holdToken(token: HeldToken): () => void;
}

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

/** Messages queued for a reader that does not read: past this the stream is ended. */
const MAX_QUEUED = 1000;

/** Wakes one waiting stream; a wake while it is not waiting is kept for its next wait. */
class Wakeup {
  private resolve: (() => void) | undefined;
  private pending = false;

  wake() {
    const resolve = this.resolve;
    if (resolve) {
      this.resolve = undefined;
      resolve();
    } else {
      this.pending = true;
    }
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = undefined;
        resolve();
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

interface Sink {
  send(messages: readonly FeedMessage[]): void;
  readonly closed: boolean;
}

/** An SSE response whose body `run` writes; the body ends when `run` returns or the client goes away. */
/** What the caller of a stream hears back: a failure (logged), and the stream's end (its slot freed). */
interface StreamHooks {
  onError(error: unknown): void;
  onEnd?(): void;
}

function sseResponse(run: (sink: Sink, wakeup: Wakeup) => Promise<void>, hooks: StreamHooks) {
  const encoder = new TextEncoder();
  const wakeup = new Wakeup();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      controller.close();
    } catch {
      // Already cancelled by the client.
    }
  };
  const sink: Sink = {
    send(messages) {
      if (closed || messages.length === 0) return;
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED) {
        close();
        wakeup.wake();
        return;
      }
      controller.enqueue(encoder.encode(messages.map(sseFrame).join("")));
    },
    get closed() {
      return closed;
    },
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
      wakeup.wake();
    },
  });
  void Promise.resolve()
    .then(() => run(sink, wakeup))
    .catch(hooks.onError)
    .finally(() => {
      close();
      hooks.onEnd?.();
    });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

interface Loop {
  sink: Sink;
  wakeup: Wakeup;
  endsAt: number;
  /** The reason a token ended the stream, once it did. */
  ended(): EndReason | undefined;
  /** The next messages, or null to end the stream quietly (the event went out of reach). */
  next(): Promise<FeedMessage[] | null>;
}

async function waitLoop(loop: Loop): Promise<void> {
  let lastWrite = Date.now();
  while (!loop.sink.closed) {
    const now = Date.now();
    if (now >= loop.endsAt) return;
    await loop.wakeup.wait(Math.min(loop.endsAt - now, lastWrite + PING_EVERY_MS - now));
    if (loop.sink.closed) return;
    const reason = loop.ended();
    if (reason) {
      loop.sink.send([endMessage(reason)]);
      return;
    }
    const messages = await loop.next();
    if (messages === null) return;
    if (messages.length > 0) {
      loop.sink.send(messages);
      lastWrite = Date.now();
    } else if (Date.now() - lastWrite >= PING_EVERY_MS) {
      loop.sink.send([PING_MESSAGE]);
      lastWrite = Date.now();
    }
  }
}

function holdToken(host: FeedHost, request: WatchRequest, wakeup: Wakeup) {
  let reason: EndReason | undefined;
  const held = heldToken(request, (why) => {
    reason = why;
    wakeup.wake();
  });
  const release = held ? host.holdToken(held) : () => {};
  return { ended: () => reason, release };
}

/** GET /v1/events/{id}/changes once authorised: the stream of one watcher. */
export function eventStream(host: FeedHost, request: WatchRequest, hooks: StreamHooks): Response {
  return sseResponse(async (sink, wakeup) => {
    const lease = await host.watchEvent(request.id, () => wakeup.wake());
    const token = holdToken(host, request, wakeup);
    try {
      const source = lease.source;
      const reader = {
        actor: request.actor,
        event: request.event ?? { id: request.id, ancestry: [], hosts: [] },
      };
      const { watch, messages } = await openEventWatch(host.db, source, request.lastEventId);
      sink.send(messages);
      await waitLoop({
        sink,
        wakeup,
        endsAt: request.endsAt,
        ended: token.ended,
        next: async () => {
          if (!stillReadable(source, reader)) return null;
          return eventMessages(source, watch) ?? (await catchUpEvent(host.db, source, watch));
        },
      });
    } finally {
      token.release();
      lease.release();
    }
  }, hooks);
}

/** GET /v1/orgs/{id}/changes once authorised. */
export function orgStream(host: FeedHost, request: WatchRequest, hooks: StreamHooks): Response {
  return sseResponse(async (sink, wakeup) => {
    const lease = await host.watchOrg(request.id, () => wakeup.wake());
    const token = holdToken(host, request, wakeup);
    try {
      const source = lease.source;
      const { watch, messages } = await openOrgWatch(
        host.db,
        source,
        request.lastEventId,
        request.prunedThrough ?? 0,
      );
      sink.send(messages);
      await waitLoop({
        sink,
        wakeup,
        endsAt: request.endsAt,
        ended: token.ended,
        next: async () => orgMessages(source, watch) ?? (await catchUpOrg(host.db, source, watch)),
      });
    } finally {
      token.release();
      lease.release();
    }
  }, hooks);
}
