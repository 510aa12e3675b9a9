import type { Database } from "../../src/db/client";
import { cachedRankingReader } from "../../src/http/cached-rankings";
import { ResponseCache } from "../../src/http/response-cache";
import { type NodeDispatcher, startNodeDispatcher } from "../../src/runtime/node/dispatcher";
import { nodeResolveHost, nodeTransport } from "../../src/runtime/node/transport";
import type { DeliverySettings, ResolveHost } from "../../src/services/webhooks";
import { createTestApp, createTestDatabase } from "./test-app";

/**
 * An app with the Node dispatcher running in-process, loopback targets allowed (the
 * development setting) and retry waits of a few milliseconds instead of a day. As in
 * src/node.ts, the API's reads and push's share one ranking cache.
 */
export async function createPushTestApp(
  options: {
    delivery?: Partial<DeliverySettings>;
    resolveHost?: ResolveHost;
    allowLoopback?: boolean;
    db?: Database;
    changePollMs?: number;
  } = {},
) {
  const db: Database = options.db ?? (await createTestDatabase());
  const allowLoopback = options.allowLoopback ?? true;
  const responseCache = new ResponseCache();
  const dispatcher: NodeDispatcher = startNodeDispatcher({
    db,
    idleMs: 20,
    // Outcomes recorded as soon as they arrive, so a test reads them right after its receiver
    // saw the request; the default spacing of ticks is the benchmark's to measure.
    tickMs: 0,
    settings: {
      allowLoopback,
      transport: nodeTransport({ allowLoopback }),
      retryDelaysMs: [5, 5, 5, 5, 5, 5, 5],
      timeoutMs: 2000,
      rankings: cachedRankingReader(responseCache),
      ...options.delivery,
    },
  });
  const ctx = await createTestApp({
    storage: { db, responseCache },
    push: {
      dispatcher,
      webhookTargets: { allowLoopback, resolveHost: options.resolveHost ?? nodeResolveHost },
    },
    ...(options.changePollMs ? { live: { changePollMs: options.changePollMs } } : {}),
  });
  return { ...ctx, dispatcher, responseCache };
}
