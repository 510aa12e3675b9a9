/**
 * The ports of the app: what `createApp` is given, in named groups. Only the entry points build
 * them (src/node.ts, src/worker.ts with their runtime's adapters from src/runtime/, the OpenAPI
 * generator, the test helpers and the benches); the app reads no environment and holds no
 * singletons. A group left out, or a field left out of one, takes the default the code that
 * reads it names.
 */
import type { Context } from "hono";
import type { Database } from "../db/client";
import type { GraphQLBudget } from "../graphql";
import type { AuthConfig } from "../services/auth";
import type { DiscordSettings } from "../services/discord";
import type { StreamLimits } from "../services/live";
import type { PushDispatcher, WebhookTargetSettings } from "../services/webhooks";
import type { AppEnv, Logger } from "./context";
import type { LiveFeeds } from "./live-feeds";
import type { RateLimiter, RateLimitPolicies } from "./rate-limit";
import type { ResponseCache } from "./response-cache";
import type { SharedCache } from "./shared-cache";

/**
 * Where the data lives and what keeps reads of it cheap: the database, the ranking cache, the
 * cache shared between instances, and the free space /health watches. Node supplies a libSQL
 * client (local file, Turso or embedded replica) and the disk probe; Workers Turso over HTTP
 * and the Cache API.
 */
export interface StoragePort {
  /** The libSQL database every request reads and writes (src/db). */
  db: Database;
  /** Byte budget of the in-memory ranking cache; default DEFAULT_RESPONSE_CACHE_BYTES (16 MiB). */
  responseCacheBytes?: number;
  /** The ranking cache itself, when the caller wants to watch it (the bench reads its size). */
  responseCache?: ResponseCache;
  /** Cache shared by all instances of a location (Workers: the Cache API); public bodies only. */
  sharedCache?: SharedCache;
  /** Free bytes of the database file's file system (Node with a local file); /health checks it. */
  diskFreeBytes?: () => Promise<number | undefined>;
  /** Free space under which /health reports the database full; default 64 MiB. */
  diskReserveBytes?: number;
}

/**
 * What the server sends to other servers: webhook deliveries (Node: a loop in the process;
 * Workers: a drain after each write, a queue and a Cron sweep) and the Discord application's
 * answers. Supplied by each runtime from the WEBHOOK_* and DISCORD_* settings.
 */
export interface PushPort {
  /** Woken once a write that queued deliveries commits; without one, notifications still queue in the outbox. */
  dispatcher?: PushDispatcher;
  /** SSRF rules for webhook URLs and how hosts are resolved; by default host names are refused (no resolver). */
  webhookTargets?: WebhookTargetSettings;
  /** The deployment's Discord application (DISCORD_*; tests shorten the inline budget). */
  discord?: DiscordSettings;
}

/**
 * Change feeds (SSE and WebSocket): where they are served, how often they read the database,
 * and how many may be open. Node leaves the feeds to this process's hub; Workers hand them to
 * the feeds' Durable Objects (src/runtime/workers/live-feeds.ts).
 */
export interface LivePort {
  /**
   * How often the process's shared reader of a watched feed reads the database when no write of
   * this process told it of a change, and how often held tokens are checked for revocation;
   * default 5 s and 1 s (http/live-feeds.ts).
   */
  changePollMs?: number;
  /** How often a watched feed reads the database on its own (LIVE_REFRESH_MS); default 5 s. */
  liveRefreshMs?: number;
  /** Where live feeds are served (Workers: the feeds' Durable Objects); default this process's hub. */
  liveFeeds?: LiveFeeds;
  /** Caps on concurrent live streams (default DEFAULT_STREAM_LIMITS, docs/guides/live-feeds.md). */
  streamLimits?: Partial<StreamLimits>;
}

/**
 * What one caller may ask of the server: request rates, GraphQL answer budgets, and the
 * address anonymous callers are counted by. Node counts in memory behind its socket or proxy;
 * Workers count with Cloudflare's bindings by CF-Connecting-IP.
 */
export interface LimitsPort {
  /** Counts requests per client id or address; without one nothing is limited (tests, the OpenAPI generator). */
  rateLimiter?: RateLimiter;
  /** The limits the rate limiter applies (RATE_LIMITS); default the policies' own. */
  rateLimitPolicies?: RateLimitPolicies;
  /** The caller's address (X-Forwarded-For's behind TRUST_PROXY): anonymous limits and seat codes count by it. */
  clientAddress?: (c: Context<AppEnv>) => string | undefined;
  /** Per-request GraphQL answer size and wall-time caps (defaults: 1 MB, 5 s). */
  graphqlBudget?: Partial<GraphQLBudget>;
}

/**
 * The time the server believes it is: every write's timestamps, token expiry, deadlines and
 * the time part of new ids (db/ids.ts mints ids from the clock's time; no id generator is
 * injected). The entry points leave it to the system clock; tests set it.
 */
export interface TimePort {
  /** Default the system clock. */
  clock?: () => Date;
}

/** Where the server's log lines go: JSON lines on the console unless a test collects them. */
export interface LoggingPort {
  /** Default consoleLogger (http/context.ts). */
  logger?: Logger;
}

/**
 * How the server meets its callers over HTTP: the address it is known by, whether a reverse
 * proxy's headers are trusted, compression and the /docs bundle. Node supplies them from
 * PUBLIC_URL and TRUST_PROXY and compresses; Workers leave compression to Cloudflare's edge.
 */
export interface HttpPort {
  /**
   * Public base URL: the server in the OpenAPI document, and the base of absolute links (QR
   * codes, pagination, problem types). Without it they are built on the request's origin.
   */
  publicUrl?: string;
  /** Behind a reverse proxy (TRUST_PROXY): X-Forwarded-For/-Proto/-Host are the proxy's and trusted. */
  trustProxy?: boolean;
  /** gzip the compressible responses (Node); Workers leave it to Cloudflare's edge. */
  compress?: boolean;
  /** The Scalar reference bundle, served from the installed package so /docs works offline. */
  docsScript?: () => Promise<string>;
}

/** Everything an entry point supplies. */
export interface AppDeps {
  storage: StoragePort;
  /** Token signing and verification (JWT_SECRET, optional external JWKS; Node: loadNodeAuthConfig). */
  auth: AuthConfig;
  http?: HttpPort;
  push?: PushPort;
  live?: LivePort;
  limits?: LimitsPort;
  time?: TimePort;
  logging?: LoggingPort;
}

/** The ports as the app holds them (`c.get("deps")`): every group present, maybe empty. */
export type AppPorts = Required<AppDeps>;

/** Fills the groups an entry point left out with empty ones; their fields keep their defaults. */
export function appPorts(deps: AppDeps): AppPorts {
  return {
    storage: deps.storage,
    auth: deps.auth,
    http: deps.http ?? {},
    push: deps.push ?? {},
    live: deps.live ?? {},
    limits: deps.limits ?? {},
    time: deps.time ?? {},
    logging: deps.logging ?? {},
  };
}
