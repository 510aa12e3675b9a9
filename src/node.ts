import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { bootstrapLocalAdmin, firstStartBanner, loadNodeAuthConfig } from "./bootstrap";
import { ConfigError, discordSettings, readConfig } from "./config";
import { DEFAULT_DATABASE_URL, freeDiskBytes, migrateDatabase, openNodeDatabase } from "./db/node";
import { createApp } from "./http/app";
import { cachedRankingReader } from "./http/cached-rankings";
import { type AppEnv, consoleLogger } from "./http/context";
import { sweepIdempotencyKeys } from "./http/middleware/idempotency";
import { lastEntry } from "./http/origin";
import { nodeRateLimits } from "./http/rate-limit";
import { ResponseCache } from "./http/response-cache";
import { startNodeDispatcher } from "./runtime/node/dispatcher";
import { nodeResolveHost, nodeTransport } from "./runtime/node/transport";
import { pushSettings } from "./runtime/push-settings";

/**
 * The address anonymous rate limits and wrong seat codes count by (IPv6 per /64, see
 * services/live/caps.ts): the socket's peer, or behind a reverse proxy
 * (TRUST_PROXY=1) the last X-Forwarded-For entry, the one the proxy itself added.
 */
function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? lastEntry(c.req.header("x-forwarded-for")) : undefined;
  return forwarded ?? getConnInfo(c).remote.address;
}

/**
 * The /docs script: `npm run build` copies it beside the built server (production installs leave
 * out @scalar/api-reference, a build input); under tsx it is read from the installed package.
 * With neither, /docs/scalar.js answers a problem instead of the server failing to start.
 */
function scalarBundleLoader(): (() => Promise<string>) | undefined {
  let file = fileURLToPath(new URL("./docs/scalar.js", import.meta.url));
  if (!existsSync(file)) {
    try {
      const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
      file = join(dirname(entry), "browser", "standalone.js");
    } catch {
      return undefined;
    }
  }
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= readFile(file, "utf8");
    return cached;
  };
}

async function main(): Promise<void> {
  // Read before anything starts: a malformed setting stops the server, naming it and why.
  const config = readConfig(process.env, "node");
  const port = config.PORT;
  const hostname = config.HOST;
  const databaseUrl = config.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  // Unset, links and QR codes are built on the address each request came to (http/origin.ts).
  const publicUrl = config.PUBLIC_URL;
  const replica = config.DATABASE_SYNC_URL
    ? { syncUrl: config.DATABASE_SYNC_URL, syncIntervalSeconds: config.DATABASE_SYNC_INTERVAL }
    : undefined;
  const { client, db } = openNodeDatabase(databaseUrl, config.DATABASE_AUTH_TOKEN, replica);
  // A replica's database is the primary: shared with other instances, so treated as remote
  // (JWT_SECRET required, no first-start admin, other processes' claims left alone).
  const database = replica?.syncUrl ?? databaseUrl;
  if (replica) await client.sync(); // first start: the primary's snapshot; later: catch up
  await migrateDatabase(db);
  const auth = loadNodeAuthConfig(config, database);
  const firstAdmin = await bootstrapLocalAdmin(db, database);

  // A process that just started owns no request: claims left in a local file are a crash's.
  await sweepIdempotencyKeys(db, new Date(), { releaseAll: database.startsWith("file:") });

  const trustProxy = config.TRUST_PROXY;
  const push = pushSettings(
    config,
    { transport: nodeTransport, resolveHost: nodeResolveHost },
    consoleLogger,
  );
  // One ranking cache for the API's reads and push's: a results version is ranked once.
  const responseCache = new ResponseCache(config.RESPONSE_CACHE_MB * 2 ** 20);
  // Resumes whatever the outbox still holds from before a restart.
  const dispatcher = startNodeDispatcher({
    db,
    settings: { ...push.delivery, rankings: cachedRankingReader(responseCache) },
  });
  const app = createApp({
    storage: {
      db,
      responseCache,
      diskFreeBytes: freeDiskBytes(databaseUrl),
      diskReserveBytes: config.DISK_RESERVE_MB * 2 ** 20,
    },
    auth,
    http: {
      ...(publicUrl ? { publicUrl } : {}),
      trustProxy,
      compress: true,
      docsScript: scalarBundleLoader(),
    },
    push: { dispatcher, webhookTargets: push.targets, discord: discordSettings(config) },
    live: {
      liveRefreshMs: config.LIVE_REFRESH_MS,
      streamLimits: {
        perAddress: config.LIVE_STREAMS_PER_ADDRESS,
        perClient: config.LIVE_STREAMS_PER_CLIENT,
      },
    },
    limits: {
      ...nodeRateLimits(config.RATE_LIMITS),
      clientAddress: (c) => clientAddress(c, trustProxy),
    },
  });
  const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
    const shownUrl = publicUrl ?? `http://localhost:${info.port}`;
    console.log(
      `CATAN Tournament API listening on http://${hostname ?? "localhost"}:${info.port} (database ${databaseUrl}${replica ? `, a replica of ${replica.syncUrl}` : ""})`,
    );
    console.log(`  docs:    ${shownUrl}/docs`);
    console.log(`  openapi: ${shownUrl}/openapi.json`);
    if (firstAdmin) console.log(firstStartBanner(firstAdmin, shownUrl));
  });
  const shutdown = () => {
    server.close();
    void dispatcher.stop().then(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(problem.message);
  } else console.error(error);
  process.exit(1);
});
