import type { Context } from "hono";
import type { Database } from "../db/client";
import type { GraphQLBudget } from "../graphql";
import type { Actor } from "../services/access";
import type { AuthConfig, EndedSession, TokenHolder } from "../services/auth";
import type { ServiceContext } from "../services/context";
import type { DiscordSettings } from "../services/discord";
import type { StreamLimits } from "../services/live";
import type { PushDispatcher, WebhookTargetSettings } from "../services/webhooks";
import type { LiveFeeds } from "./live-feeds";
import type { RateLimiter, RateLimitPolicies } from "./rate-limit";
import type { ResponseCache } from "./response-cache";
import type { SharedCache } from "./shared-cache";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: "info", message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: "error", message, ...fields })),
};

/** Everything an entry point supplies: the app reads no environment and holds no singletons. */
export interface AppDeps {
  db: Database;
  /** Token signing and verification (JWT_SECRET, optional external JWKS). */
  auth: AuthConfig;
  clock?: () => Date;
  logger?: Logger;
  /** The Scalar reference bundle, served from the installed package so /docs works offline. */
  docsScript?: () => Promise<string>;
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
  /**
   * Counts requests per client id or source address (Node: in memory; Workers: Cloudflare's
   * binding). Without one nothing is limited: tests and the OpenAPI generator.
   */
  rateLimiter?: RateLimiter;
  /** The limits the rate limiter applies (RATE_LIMITS); default the policies' own. */
  rateLimitPolicies?: RateLimitPolicies;
  /**
   * The caller's address (Node: the socket, or X-Forwarded-For behind TRUST_PROXY; Workers:
   * CF-Connecting-IP): what anonymous rate limits and wrong seat codes count by.
   */
  clientAddress?: (c: Context<AppEnv>) => string | undefined;
  /** Per-request GraphQL answer size and wall-time caps (defaults: 1 MB, 5 s). */
  graphqlBudget?: Partial<GraphQLBudget>;
  /**
   * Public base URL: the server in the OpenAPI document, and the base of absolute links (QR
   * codes, pagination, problem types). Without it they are built on the request's origin.
   */
  publicUrl?: string;
  /** Behind a reverse proxy (TRUST_PROXY): X-Forwarded-For/-Proto/-Host are the proxy's and trusted. */
  trustProxy?: boolean;
  /**
   * Push delivery for this runtime (Node loop, Workers waitUntil + Cron); woken once a write
   * that queued deliveries has committed. Without one, notifications still queue in the outbox.
   */
  dispatcher?: PushDispatcher;
  /** SSRF rules for webhook URLs and how hosts are resolved; by default host names are refused (no resolver). */
  webhookTargets?: WebhookTargetSettings;
  /** Byte budget of the in-memory ranking cache; default DEFAULT_RESPONSE_CACHE_BYTES (16 MiB). */
  responseCacheBytes?: number;
  /** The ranking cache itself, when the caller wants to watch it (the bench reads its size). */
  responseCache?: ResponseCache;
  /** gzip the compressible responses (Node); Workers leave it to Cloudflare's edge. */
  compress?: boolean;
  /** Cache shared by all instances of a location (Workers: the Cache API); public bodies only. */
  sharedCache?: SharedCache;
  /** Free bytes of the database file's file system (Node with a local file); /health checks it. */
  diskFreeBytes?: () => Promise<number | undefined>;
  /** Free space under which /health reports the database full; default 64 MiB. */
  diskReserveBytes?: number;
  /** The deployment's Discord application (DISCORD_*; tests shorten the inline budget). */
  discord?: DiscordSettings;
}

export interface AppVariables {
  /** `<client id>:<Idempotency-Key>` of a claimed idempotent request (see idempotency.ts). */
  idempotencyKey?: string;
  requestId: string;
  deps: AppDeps;
  db: Database;
  clock: () => Date;
  logger: Logger;
  /** Rankings bodies by entity tag (see response-cache.ts). */
  responseCache: ResponseCache;
  /** Who is asking: set by the authentication middleware (anonymous without a token). */
  actor: Actor;
  /** Where the request comes from: its address, IPv6 per /64 (rate-limit/address.ts). */
  source: string;
  /** The token's client's quota in multiples of each rate limit (1 unless an admin raised it). */
  rateLimitFactor?: number;
  /** The client id a token request names, set by the token route: its failure counts against it. */
  tokenClientId?: string;
  /** The bearer token behind `actor`, for answers that outlive the request's start (a change feed). */
  credential?: {
    expiresAt: Date;
    /** Our own client's claims, whose revocation ends its feeds (absent for an external provider's token). */
    holder?: TokenHolder;
  };
  /** The console device session behind `actor`, when a cookie signed the request in. */
  deviceSession?: { id: string; name: string; expiresAt: string };
  /** Why the request's device cookie no longer signs in (the console's pages say so). */
  deviceSessionEnded?: EndedSession;
  /** The runtime's live feeds (change streams). */
  live: LiveFeeds;
}

export interface AppEnv {
  Variables: AppVariables;
}

/**
 * What reads a request's variables. `c.get(key)`, not `c.var.key`: Hono's `c.var` copies every
 * variable into a new object on each access (Object.fromEntries), several times a request.
 */
export interface VariableReader {
  get<K extends keyof AppVariables>(key: K): AppVariables[K];
}

/** The per-request dependencies handed to services (unkey-style injection, no singletons). */
export function serviceContext(c: VariableReader): ServiceContext {
  return {
    db: c.get("db"),
    actor: c.get("actor"),
    clock: c.get("clock"),
    source: c.get("source"),
  };
}

const NO_RESOLVER: WebhookTargetSettings = {
  resolveHost: async () => {
    throw new Error("no resolver configured");
  },
};

/** The webhook target policy of this deployment. */
export function webhookTargets(c: VariableReader): WebhookTargetSettings {
  return c.get("deps").webhookTargets ?? NO_RESOLVER;
}
