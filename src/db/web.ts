import { createClient } from "@libsql/client/web";
import { createDatabase, type Database } from "./client";

/**
 * The client queues requests beyond `concurrency` (20 by default) and starts each queued one when
 * another finishes. On Workers one isolate serves many requests with one client, so a queued
 * request's fetch would start inside another request's I/O context, which workerd cancels as hung
 * (test/workers/worker.e2e.ts, the 50-way race). No queue then: every request's database calls
 * run in its own context. The isolate's concurrent requests are bounded by the platform.
 */
const NO_QUEUE = Number.MAX_SAFE_INTEGER;

/** Opens Turso over HTTP for Cloudflare Workers; migrations are applied by drizzle-kit before deploy. */
export function openWebDatabase(url: string, authToken?: string): Database {
  return createDatabase(createClient({ url, concurrency: NO_QUEUE, ...(authToken ? { authToken } : {}) }));
}
