/**
 * The Worker's side of the live feeds: an authorised watcher is forwarded once to its feed's
 * Durable Object (feed-object.ts), which answers the stream; a successful write tells the objects
 * of the feeds it changed, in `waitUntil` with one retry; stream slots are leases in one counter
 * object per client and per address.
 */
import type { Logger } from "../../http/context";
import type { LiveFeeds } from "../../http/live-feeds";
import { DEFAULT_STREAM_LIMITS, type SlotLease, type StreamLimits } from "../../services/live";
import type { CommittedChanges } from "../../services/outbox";
import { releaseLeases, WATCH_HEADER } from "./feed-object";

/** The longest a lease outlives a stream whose end nobody reported (its own maxSeconds bounds it). */
const LEASE_MS = 3600_000;
const RETRY_AFTER_MS = 250;

function stub(namespace: DurableObjectNamespace, name: string) {
  return namespace.get(namespace.idFromName(name));
}

/** `https://live/<path>?name=<object>`: the object learns its own name from the first request. */
function objectUrl(path: string, name: string): string {
  return `https://live/${path}?name=${encodeURIComponent(name)}`;
}

async function tell(namespace: DurableObjectNamespace, name: string): Promise<void> {
  const res = await stub(namespace, name).fetch(objectUrl("notify", name), { method: "POST" });
  if (!res.ok) throw new Error(`notify ${name}: ${res.status}`);
}

/**
 * Wakes each changed feed's object: one request per object, one retry after a short wait; a
 * notice that still fails is logged and left to the object's alarm (the change arrives up to
 * one refresh interval late, never lost).
 */
async function notifyFeedObjects(
  namespace: DurableObjectNamespace,
  changes: CommittedChanges,
  logger: Logger,
): Promise<void> {
  const names = [
    ...[...changes.events].map((id) => `event:${id}`),
    ...[...changes.orgs].map((id) => `org:${id}`),
  ];
  await Promise.all(
    names.map(async (name) => {
      try {
        await tell(namespace, name);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
        try {
          await tell(namespace, name);
        } catch (error) {
          logger.error("live feed notice lost; the feed's alarm will catch up", {
            feed: name,
            error: String(error),
          });
        }
      }
    }),
  );
}

export function workerLiveFeeds(
  namespace: DurableObjectNamespace,
  logger: Logger,
  limits: Partial<StreamLimits> = {},
): LiveFeeds {
  /** The watcher, forwarded to its feed's object, which answers the stream or the socket. */
  const forward =
    (path: "stream" | "socket"): LiveFeeds["stream"] =>
    async (c, request, slot) => {
      const name = `${request.kind}:${request.id}`;
      const headers = new Headers(path === "socket" ? c.req.raw.headers : undefined);
      headers.set(WATCH_HEADER, JSON.stringify({ ...request, leases: slot.leases }));
      const res = await stub(namespace, name).fetch(objectUrl(path, name), { headers });
      // The object's answer, with headers the app's middleware may still set (request id, CORS).
      const webSocket = (res as Response & { webSocket?: unknown }).webSocket;
      return webSocket
        ? new Response(null, { status: 101, headers: res.headers, webSocket } as ResponseInit)
        : new Response(res.body, res);
    };
  return {
    limits: { ...DEFAULT_STREAM_LIMITS, ...limits },
    stream: forward("stream"),
    socket: forward("socket"),
    notify: (changes) => notifyFeedObjects(namespace, changes, logger),
    async acquire(charges) {
      const until = Date.now() + LEASE_MS;
      const leases: SlotLease[] = [];
      for (const charge of charges) {
        const lease = { counter: `slots:${charge.key}`, id: crypto.randomUUID() };
        const res = await stub(namespace, lease.counter).fetch(objectUrl("acquire", lease.counter), {
          method: "POST",
          body: JSON.stringify({ id: lease.id, limit: charge.limit, until }),
        });
        const { granted } = (await res.json()) as { granted: boolean };
        if (!granted) {
          await releaseLeases(namespace, leases);
          return { granted: false, refused: charge };
        }
        leases.push(lease);
      }
      return { granted: true, leases, release: () => void releaseLeases(namespace, leases) };
    },
  };
}
