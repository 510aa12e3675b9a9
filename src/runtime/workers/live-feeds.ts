/**
 * The Worker's side of the live feeds: an authorised watcher is forwarded once to its feed's
 * Durable Object (feed-object.ts), which answers the stream; a successful write tells the objects
 * of the feeds it changed, in `waitUntil` with one retry; stream slots are leases in one counter
 * object per client and per address.
 */
import type { Logger } from "../../http/context";
import type { LiveFeeds } from "../../http/live-feeds";
import { DEFAULT_STREAM_LIMITS, type SlotLease, type StreamLimits } from "../../services/live";
import { releaseLeases, WATCH_HEADER } from "./feed-object";

/** The longest a lease outlives a stream whose end nobody reported (its own maxSeconds bounds it). */
const LEASE_MS = 3600_000;
const RETRY_AFTER_MS = 250;

/** A request to the object `name` at `https://live/<path>?name=<name>`: it learns its name from the first. */
function callObject(namespace: DurableObjectNamespace, name: string, path: string, init?: RequestInit) {
  const url = `https://live/${path}?name=${encodeURIComponent(name)}`;
  return namespace.get(namespace.idFromName(name)).fetch(url, init);
}

async function tell(namespace: DurableObjectNamespace, name: string): Promise<void> {
  const res = await callObject(namespace, name, "notify", { method: "POST" });
  if (!res.ok) throw new Error(`notify ${name}: ${res.status}`);
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
      const res = await callObject(namespace, name, path, { headers });
      // An object that did not take the watcher will never give its slots back: they go now.
      if (!res.ok && res.status !== 101) slot.release();
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
    /**
     * Wakes each changed feed's object: one request per object, one retry after a short wait; a
     * notice that still fails is logged and left to the object's alarm (the change arrives up to
     * one refresh interval late, never lost).
     */
    async notify(changes) {
      const names = [
        ...[...changes.events].map((id) => `event:${id}`),
        ...[...changes.orgs].map((id) => `org:${id}`),
      ];
      await Promise.all(
        names.map((name) =>
          tell(namespace, name)
            .catch(() =>
              new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS)).then(() => tell(namespace, name)),
            )
            .catch((error) =>
              logger.error("live feed notice lost; the feed's alarm will catch up", {
                feed: name,
                error: String(error),
              }),
            ),
        ),
      );
    },
    async acquire(charges) {
      const until = Date.now() + LEASE_MS;
      const leases: SlotLease[] = [];
      try {
        for (const charge of charges) {
          const lease = { counter: `slots:${charge.key}`, id: crypto.randomUUID() };
          const res = await callObject(namespace, lease.counter, "acquire", {
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
      } catch (error) {
        // A counter's object failed: the leases taken so far would otherwise be held for an hour.
        await releaseLeases(namespace, leases);
        throw error;
      }
      return { granted: true, leases, release: () => void releaseLeases(namespace, leases) };
    },
  };
}
