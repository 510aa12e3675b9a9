import type { ExecutionContext } from "hono";
import { type Config, ConfigError, type ConfigInput, discordSettings, problem, readConfig } from "./config";
import type { Database } from "./db/client";
import { openWebDatabase } from "./db/web";
import { type App, createApp } from "./http/app";
import { cachedRankingReader } from "./http/cached-rankings";
import { consoleLogger } from "./http/context";
import type { LimitsPort } from "./http/ports";
import {
  bindingName,
  createBindingRateLimiter,
  createMemoryRateLimiter,
  type RateLimitBinding,
} from "./http/rate-limit";
import { ResponseCache } from "./http/response-cache";
import { cloudflareSharedCache } from "./http/shared-cache";
import { pushSettings } from "./runtime/push-settings";
import {
  type DrainQueue,
  dohResolveHost,
  drain,
  fetchTransport,
  sweep,
  workerDispatcher,
} from "./runtime/workers/dispatcher";
import { LiveFeed } from "./runtime/workers/feed-object";
import { workerLiveFeeds } from "./runtime/workers/live-feeds";
import { requireWorkerSettings, settingFix } from "./runtime/workers/settings";
import { createAuthConfig } from "./services/auth";
import { type DeliverySettings, MessageBodies } from "./services/webhooks";

/** The live feeds' Durable Object class (wrangler.toml `[[durable_objects.bindings]]`). */
export { LiveFeed };

/**
 * The Worker's environment: the bindings and [vars] of wrangler.toml, as `npm run types:worker`
 * generates them, and every setting of the configuration, which a deployment may set as a
 * variable or a secret.
 */
export type WorkerEnv = Cloudflare.Env & ConfigInput;

/**
 * The limiter of the configured policies. The bindings' counters are shared by every isolate of
 * a location; without them (a local `wrangler dev` with an older config) each isolate counts in
 * its own memory. Cloudflare's counters know only periods of 10 and 60 s.
 */
function rateLimitsFor(
  env: WorkerEnv,
  config: Config,
): Pick<LimitsPort, "rateLimiter" | "rateLimitPolicies"> {
  const settings = config.RATE_LIMITS;
  if (settings.off) return {};
  const odd = Object.values(settings.policies).find((p) => p.windowSeconds !== 10 && p.windowSeconds !== 60);
  if (odd) {
    throw new ConfigError([
      problem(
        "RATE_LIMITS",
        `gives the ${odd.name} policy a window of ${odd.windowSeconds} s; on Workers it must be 10 or 60 s (Cloudflare's rate-limiting periods)`,
      ),
    ]);
  }
  const bindings = Object.fromEntries(
    Object.values(settings.policies).map((p) => [
      p.name,
      (env as unknown as Record<string, RateLimitBinding | undefined>)[bindingName(p.name)],
    ]),
  );
  const rateLimiter = Object.values(bindings).every(Boolean)
    ? createBindingRateLimiter(bindings)
    : createMemoryRateLimiter();
  return { rateLimiter, rateLimitPolicies: settings.policies };
}

interface Runtime {
  app: App;
  db: Database;
  delivery: DeliverySettings;
  drains: { subrequests: number; queue?: DrainQueue };
}

// One app per isolate: env is fixed for an isolate's life, so building it once per env object
// avoids re-creating the database client on every request.
const runtimes = new WeakMap<WorkerEnv, Runtime>();

function runtimeFor(env: WorkerEnv): Runtime {
  let runtime = runtimes.get(env);
  if (!runtime) {
    const config = readConfig(env, "workers");
    const { databaseUrl, jwtSecret } = requireWorkerSettings(config);
    const db = openWebDatabase(databaseUrl, config.DATABASE_AUTH_TOKEN);
    // One ranking cache for the isolate's reads and its drains: a results version is ranked once.
    const responseCache = new ResponseCache(config.RESPONSE_CACHE_MB * 2 ** 20);
    const push = pushSettings(
      config,
      { transport: fetchTransport, resolveHost: dohResolveHost },
      consoleLogger,
    );
    // Bodies are built once for all the isolate's drains, each build's reads counted by its drain.
    push.delivery.bodies = new MessageBodies(cachedRankingReader(responseCache));
    const drains = {
      subrequests: config.WEBHOOK_DRAIN_SUBREQUESTS,
      ...(env.WEBHOOK_DRAINS ? { queue: env.WEBHOOK_DRAINS } : {}),
    };
    const streamLimits = {
      perAddress: config.LIVE_STREAMS_PER_ADDRESS,
      perClient: config.LIVE_STREAMS_PER_CLIENT,
    };
    const app = createApp({
      storage: {
        db,
        responseCache,
        // Every isolate of a location serves a polled public leaderboard from one build.
        sharedCache: cloudflareSharedCache((caches as unknown as { default: Cache }).default),
      },
      auth: createAuthConfig({ ...config, secret: jwtSecret }),
      http: { publicUrl: config.PUBLIC_URL },
      push: {
        dispatcher: workerDispatcher(db, push.delivery, { ...drains, logger: consoleLogger }),
        webhookTargets: push.targets,
        discord: discordSettings(config),
      },
      // Without the binding (an older wrangler.toml) the isolate serves its own watchers, as Node does.
      live: env.LIVE_FEEDS
        ? { liveFeeds: workerLiveFeeds(env.LIVE_FEEDS, consoleLogger, streamLimits) }
        : { streamLimits, liveRefreshMs: config.LIVE_REFRESH_MS },
      limits: { ...rateLimitsFor(env, config), clientAddress: (c) => c.req.header("cf-connecting-ip") },
    });
    runtime = { app, db, delivery: push.delivery, drains };
    runtimes.set(env, runtime);
  }
  return runtime;
}

/** A deployment without its settings answers a problem that says which one, not a bare 500. */
function misconfigured(error: unknown, request: Request, env: WorkerEnv): Response {
  const url = new URL(request.url);
  // The type URI resolves to this deployment's own page about the code (GET /problems/{code}).
  // As every problem's: on PUBLIC_URL when set, else relative, whatever Host the request named.
  const base = env.PUBLIC_URL?.replace(/\/+$/, "") ?? "";
  consoleLogger.error("worker misconfigured", { error: String(error) });
  const detail =
    error instanceof ConfigError
      ? `${error.message}. ${settingFix(error.problems[0]!.name, url)}`
      : error instanceof Error
        ? error.message
        : "The Worker is missing a required setting.";
  return new Response(
    JSON.stringify({
      type: `${base}/problems/server-misconfigured`,
      title: "Service Unavailable",
      status: 503,
      code: "server_misconfigured",
      detail,
    }),
    { status: 503, headers: { "content-type": "application/problem+json" } },
  );
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    let runtime: Runtime;
    try {
      runtime = runtimeFor(env);
    } catch (error) {
      return misconfigured(error, request, env);
    }
    return runtime.app.fetch(request, env, ctx);
  },
  /** The Cron Trigger (wrangler.toml): retries and anything a request's drain left, then pruning. */
  scheduled(_controller: unknown, env: WorkerEnv, ctx: ExecutionContext): void {
    const { db, delivery, drains } = runtimeFor(env);
    ctx.waitUntil(
      sweep(db, delivery, drains).then((report) =>
        consoleLogger.info("webhook drain", { ...report, after: "cron" }),
      ),
    );
  },
  /**
   * The drains' queue (wrangler.toml): a drain that ran out of subrequests asked for another,
   * which this invocation makes with a budget of its own (continuing again if need be).
   */
  async queue(batch: { messages: readonly { ack(): void }[] }, env: WorkerEnv): Promise<void> {
    const { db, delivery, drains } = runtimeFor(env);
    const report = await drain(db, delivery, drains);
    consoleLogger.info("webhook drain", { ...report, after: "queue" });
    for (const message of batch.messages) message.ack();
  },
};
