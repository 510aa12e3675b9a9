/**
 * One SSE connection of a live feed, the same code on Node (host: the process's hub) and in a
 * feed's Durable Object on Workers (host: the object): the connection joins the shared source,
 * is sent what it missed, then waits until the source changes, its token ends, or its time is
 * up. It never reads the database while waiting: only the source does, once for everyone.
 */
import type { Database } from "../../db/client";
import type { WatchRequest } from "./feeds";
import type { HubLogger, Lease } from "./hub";
import {
  type EndReason,
  endMessage,
  type FeedMessage,
  PING_EVERY_MS,
  PING_MESSAGE,
  sseFrame,
} from "./messages";
import type { HeldToken } from "./tokens";

/** What a stream needs from where it runs. */
export interface FeedHost {
  db: Database;
  /** Joins the feed's shared source; `onChange` runs after each refresh that changed it. */
  watch(kind: WatchRequest["kind"], id: string, onChange: () => void): Promise<Lease>;
  holdToken(token: HeldToken): () => void;
  /** Where a stream that failed is logged. */
  logger?: HubLogger;
}

/** Messages queued for a reader that does not read: past this the stream is ended. */
const MAX_QUEUED = 1000;

/** Wakes one waiting stream; a wake while it is not waiting is kept for its next wait. */
class Wakeup {
  private resolve: (() => void) | undefined;
  private pending = false;

  wake() {
    if (this.resolve) this.resolve();
    else this.pending = true;
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.resolve?.(), ms);
      this.resolve = () => {
        this.resolve = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/**
 * GET /v1/events/{id}/changes or /v1/orgs/{id}/changes once authorised: the stream of one
 * watcher, sent what it missed, then woken by its source's changes, its token's end, its own
 * end time and the pings. `onEnd` runs once it has ended (its stream slot is freed).
 */
export function feedStream(host: FeedHost, request: WatchRequest, onEnd: () => void): Response {
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
  const send = (messages: readonly FeedMessage[]) => {
    if (closed || messages.length === 0) return;
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED) {
      close();
      wakeup.wake();
      return;
    }
    controller.enqueue(encoder.encode(messages.map(sseFrame).join("")));
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

  const run = async () => {
    const lease = await host.watch(request.kind, request.id, () => wakeup.wake());
    let ended: EndReason | undefined;
    const end = (reason: EndReason) => {
      ended = reason;
      wakeup.wake();
    };
    const releaseToken = request.token ? host.holdToken({ ...request.token, end }) : () => {};
    try {
      const { watch, messages } = await lease.source.open(host.db, request);
      send(messages);
      let lastWrite = Date.now();
      while (!closed) {
        const now = Date.now();
        if (now >= request.endsAt) return;
        await wakeup.wait(Math.min(request.endsAt - now, lastWrite + PING_EVERY_MS - now));
        if (closed) return;
        if (ended) {
          send([endMessage(ended)]);
          return;
        }
        const next = await lease.source.next(host.db, request, watch);
        if (next === null) return;
        if (next.length > 0) {
          send(next);
          lastWrite = Date.now();
        } else if (Date.now() - lastWrite >= PING_EVERY_MS) {
          send([PING_MESSAGE]);
          lastWrite = Date.now();
        }
      }
    } finally {
      releaseToken();
      lease.release();
    }
  };
  void Promise.resolve()
    .then(run)
    .catch((error) => host.logger?.error("live feed failed", { error: String(error) }))
    .finally(() => {
      close();
      onEnd();
    });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}
