import type { Context } from "hono";
import type { Database } from "../db/client";
import type { Actor } from "../services/access";
import type { EndedSession, TokenHolder } from "../services/auth";
import type { ServiceContext } from "../services/context";
import type { WebhookTargetSettings } from "../services/webhooks";
import type { LiveFeeds } from "./live-feeds";
import type { AppPorts } from "./ports";
import type { ResponseCache } from "./response-cache";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: "info", message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: "error", message, ...fields })),
};

export interface AppVariables {
  /** `<client id>:<Idempotency-Key>` of a claimed idempotent request (see idempotency.ts). */
  idempotencyKey?: string;
  requestId: string;
  /** The ports the entry point supplied (ports.ts), every group present. */
  deps: AppPorts;
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
  /**
   * The 401 of a token or device cookie that does not sign in: decided by `authenticate`, sent
   * once the rate limits have counted the request as an anonymous one (middleware/auth.ts).
   */
  refusal?: () => Response;
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
type VariableReader = Pick<Context<AppEnv>, "get">;

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
  return c.get("deps").push.webhookTargets ?? NO_RESOLVER;
}
