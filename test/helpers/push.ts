import type { Database } from "../../src/db/client";
import { type NodeDispatcher, startNodeDispatcher } from "../../src/runtime/node/dispatcher";
import { nodeResolveHost, nodeTransport } from "../../src/runtime/node/transport";
import type { DeliverySettings, ResolveHost } from "../../src/services/webhooks";
import { createTestApp, createTestDatabase } from "./test-app";

/**
 * An app with the Node dispatcher running in-process, loopback targets allowed (the
 * development setting) and retry waits of a few milliseconds instead of a day.
 */
export async function createPushTestApp(
  options: { delivery?: Partial<DeliverySettings>; resolveHost?: ResolveHost; allowLoopback?: boolean } = {},
) {
  const db: Database = await createTestDatabase();
  const allowLoopback = options.allowLoopback ?? true;
  const dispatcher: NodeDispatcher = startNodeDispatcher({
    db,
    idleMs: 20,
    settings: {
      allowLoopback,
      transport: nodeTransport({ allowLoopback }),
      retryDelaysMs: [5, 5, 5, 5, 5, 5, 5],
      timeoutMs: 2000,
      ...options.delivery,
    },
  });
  const ctx = await createTestApp({
    db,
    dispatcher,
    webhookTargets: { allowLoopback, resolveHost: options.resolveHost ?? nodeResolveHost },
  });
  return { ...ctx, dispatcher };
}
