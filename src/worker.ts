import type { ExecutionContext } from "hono";
import type { Database } from "./db/client";
import { openWebDatabase } from "./db/web";
import { type App, createApp } from "./http/app";
import { cachedRankingReader } from "./http/cached-rankings";
import { consoleLogger } from "./http/context";
import {
  bindingName,
  createBindingRateLimiter,
  createMemoryRateLimiter,
  type RateLimitBinding,
  type RateLimiter,
  type RateLimitPolicies,
  RateLimitSettingError,
  rateLimitSettings,
} from "./http/rate-limit";
import { ResponseCache } from "./http/response-cache";
import { cloudflareSharedCache } from "./http/shared-cache";
import {
  type DrainQueue,
  dohResolveHost,
  drain,
  fetchTransport,
  sweep,
  workerDispatcher,
} from "./runtime/workers/dispatcher";
import { type LiveEnv, LiveFeed } from "./runtime/workers/feed-object";
import { workerLiveFeeds } from "./runtime/workers/live-feeds";
import { createAuthConfig } from "./services/auth";
import { discordSettingsFromEnv } from "./services/discord";
import type { StreamLimits } from "./services/live";
import { type DeliverySettings, MessageBodies, type WebhookTargetSettings } from "./services/webhooks";
import { checkWorkerSettings, MissingSetting, settingFix } from "./worker-settings";

/** The live feeds' Durable Object class (wrangler.toml `[[durable_objects.bindings]]`). */
export { LiveFeed };

/** Variables and secrets of the Worker (see wrangler.toml). */
export interface WorkerEnv extends LiveEnv {
  /** Cloudflare rate-limiting bindings, one per policy (`[[ratelimits]]` in wrangler.toml): RATE_LIMIT_<POLICY>. */
  [binding: `RATE_LIMIT_${string}`]: RateLimitBinding | undefined;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET?: string;
  PUBLIC_URL?: string;
  /** Optional external identity provider (all three together). */
  JWKS_URL?: string;
  JWT_ISSUER?: string;
  JWT_AUDIENCE?: string;
  /**
   * `off`, or changes to the rate-limit policies (`read=1200/60,…`); each policy's binding in
   * wrangler.toml must say the same limit and period (Cloudflare counts by the binding's).
   */
  RATE_LIMITS?: string;
  /** Development and tests only: webhook targets on loopback are accepted. */
  WEBHOOKS_ALLOW_LOOPBACK?: string;
  /** Caps on concurrent live streams per address and per client (default: DEFAULT_STREAM_LIMITS). */
  LIVE_STREAMS_PER_ADDRESS?: string;
  LIVE_STREAMS_PER_CLIENT?: string;
  /** Comma-separated waits between delivery attempts in ms (default: 8 attempts over a day). */
  WEBHOOK_RETRY_DELAYS_MS?: string;
  /** The deployment's Discord application (both or neither; docs/guides/discord-app.md). */
  DISCORD_APPLICATION_ID?: string;
  DISCORD_PUBLIC_KEY?: string;
  /** Discord's API base (default https://discord.com/api/v10); tests point it at a fake Discord. */
  DISCORD_API_BASE?: string;
  /**
   * The queue a webhook drain hands what it could not afford to (wrangler.toml [[queues]]):
   * its consumer drains again in an invocation of its own. Without it the Cron sweep does.
   */
  WEBHOOK_DRAINS?: DrainQueue;
  /** Subrequests one drain may spend (default 40, for the Free plan's 50; the Paid plan allows more). */
  WEBHOOK_DRAIN_SUBREQUESTS?: string;
}

/**
 * The limiter and its policies from RATE_LIMITS and the bindings. The bindings' counters are
 * shared by every isolate of a location; without them (a local `wrangler dev` with an older
 * config) each isolate counts in its own memory. Cloudflare's counters know only periods of 10
 * and 60 s.
 */
function rateLimitsFor(env: WorkerEnv): { limiter?: RateLimiter; policies?: RateLimitPolicies } {
  const settings = rateLimitSettings(env.RATE_LIMITS);
  if (settings.off) return {};
  const odd = Object.values(settings.policies).find((p) => p.windowSeconds !== 10 && p.windowSeconds !== 60);
  if (odd) {
    throw new RateLimitSettingError(
      `RATE_LIMITS: the ${odd.name} policy's window is ${odd.windowSeconds} s; on Workers it must be 10 or 60 s (Cloudflare's rate-limiting periods).`,
    );
  }
  const bindings = Object.fromEntries(
    Object.values(settings.policies).map((p) => [p.name, env[bindingName(p.name)]]),
  );
  const limiter = Object.values(bindings).every(Boolean)
    ? createBindingRateLimiter(bindings)
    : createMemoryRateLimiter();
  return { limiter, policies: settings.policies };
}

/** Operator overrides of the stream caps (wrangler.toml [vars]); unset ones keep the defaults. */
function streamLimitsOf(env: WorkerEnv): Partial<StreamLimits> {
  const limits: Partial<StreamLimits> = {};
  const perAddress = Number(env.LIVE_STREAMS_PER_ADDRESS);
  const perClient = Number(env.LIVE_STREAMS_PER_CLIENT);
  if (Number.isInteger(perAddress) && perAddress > 0) limits.perAddress = perAddress;
  if (Number.isInteger(perClient) && perClient > 0) limits.perClient = perClient;
  return limits;
}

interface Runtime {
  app: App;
  db: Database;
  delivery: DeliverySettings;
  drains: { subrequests?: number; queue?: DrainQueue };
}

/** How a drain may spend its invocation: the subrequest budget and the queue it continues through. */
function drainsOf(env: WorkerEnv): Runtime["drains"] {
  const subrequests = env.WEBHOOK_DRAIN_SUBREQUESTS ? Number(env.WEBHOOK_DRAIN_SUBREQUESTS) : undefined;
  if (subrequests !== undefined && !(Number.isInteger(subrequests) && subrequests >= 10)) {
    throw new Error("WEBHOOK_DRAIN_SUBREQUESTS must be an integer of at least 10");
  }
  return {
    ...(subrequests ? { subrequests } : {}),
    ...(env.WEBHOOK_DRAINS ? { queue: env.WEBHOOK_DRAINS } : {}),
  };
}

function pushSettings(env: WorkerEnv) {
  const allowLoopback = env.WEBHOOKS_ALLOW_LOOPBACK === "1" || env.WEBHOOKS_ALLOW_LOOPBACK === "true";
  const retryDelaysMs = env.WEBHOOK_RETRY_DELAYS_MS?.split(",").map((v) => Number(v.trim()));
  const targets: WebhookTargetSettings = { allowLoopback, resolveHost: dohResolveHost };
  const delivery: DeliverySettings = {
    allowLoopback,
    transport: fetchTransport({ allowLoopback }, dohResolveHost),
    ...(retryDelaysMs?.every((ms) => Number.isFinite(ms) && ms >= 0) ? { retryDelaysMs } : {}),
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    logger: consoleLogger,
  };
  return { targets, delivery };
}

// One app per isolate: env is fixed for an isolate's life, so building it once per env object
// avoids re-creating the database client on every request.
const runtimes = new WeakMap<WorkerEnv, Runtime>();

function runtimeFor(env: WorkerEnv): Runtime {
  let runtime = runtimes.get(env);
  if (!runtime) {
    // No generated fallback here: isolates share nothing, so every one must sign with the same key.
    const { databaseUrl, jwtSecret } = checkWorkerSettings(env);
    const db = openWebDatabase(databaseUrl, env.DATABASE_AUTH_TOKEN);
    // One ranking cache for the isolate's reads and its drains: a results version is ranked once.
    const responseCache = new ResponseCache();
    const rankings = cachedRankingReader(db, responseCache);
    const push = pushSettings(env);
    push.delivery.rankings = rankings;
    push.delivery.bodies = new MessageBodies(db, rankings);
    const drains = drainsOf(env);
    const limits = rateLimitsFor(env);
    const app = createApp({
      db,
      responseCache,
      dispatcher: workerDispatcher(db, push.delivery, { ...drains, logger: consoleLogger }),
      webhookTargets: push.targets,
      auth: createAuthConfig({
        secret: jwtSecret,
        jwksUrl: env.JWKS_URL,
        externalIssuer: env.JWT_ISSUER,
        externalAudience: env.JWT_AUDIENCE,
      }),
      publicUrl: env.PUBLIC_URL,
      rateLimiter: limits.limiter,
      rateLimitPolicies: limits.policies,
      clientAddress: (c) => c.req.header("cf-connecting-ip"),
      // Every isolate of a location serves a polled public leaderboard from one build.
      sharedCache: cloudflareSharedCache((caches as unknown as { default: Cache }).default),
      // Without the binding (an older wrangler.toml) the isolate serves its own watchers, as Node does.
      ...(env.LIVE_FEEDS
        ? { liveFeeds: workerLiveFeeds(env.LIVE_FEEDS, consoleLogger, streamLimitsOf(env)) }
        : {}),
      discord: discordSettingsFromEnv(env),
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
  const base = env.PUBLIC_URL?.replace(/\/+$/, "") ?? url.origin;
  console.error(JSON.stringify({ level: "error", message: "worker misconfigured", error: String(error) }));
  const detail =
    error instanceof MissingSetting
      ? `${error.message}. ${settingFix(error.setting, url)}`
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
