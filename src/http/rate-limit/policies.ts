/**
 * Rate-limit policies: how many requests one caller (a client id with a token, a source address
 * without) may make in a fixed window. The numbers are the table of docs/reference/limits.md.
 */
export interface RateLimitPolicy {
  /** Named in the RateLimit-Policy header; also the Workers binding's suffix. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMIT_POLICIES = {
  /**
   * GET/HEAD: a leaderboard bot polling every 5 s makes 12 a minute; 600 leaves room for a page
   * that loads a dozen resources at once, and a 304 costs one small query.
   */
  read: { name: "read", limit: 600, windowSeconds: 60 },
  /** POST/PUT/PATCH/DELETE: a scorekeeping desk enters a result every few seconds at most. */
  write: { name: "write", limit: 120, windowSeconds: 60 },
  /** GraphQL: each query may rank up to 8 leaderboards. */
  graphql: { name: "graphql", limit: 60, windowSeconds: 60 },
  /** Token requests per client_id: a client needs one token per 15 minutes. */
  tokenClient: { name: "token-client", limit: 10, windowSeconds: 60 },
  /** Token requests per source address, whatever client_id they name. */
  tokenAddress: { name: "token-address", limit: 30, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicyName = (typeof RATE_LIMIT_POLICIES)[keyof typeof RATE_LIMIT_POLICIES]["name"];

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests left in the window; unknown where the store does not say (Cloudflare's binding). */
  remaining?: number;
  /** Seconds until the window resets (an upper bound where the store does not say). */
  resetSeconds: number;
}

/**
 * The per-runtime store behind the middleware: Node counts in memory (hono-rate-limiter's
 * MemoryStore), Workers ask Cloudflare's rate-limiting binding. Chosen by node.ts / worker.ts.
 */
export interface RateLimiter {
  /** Counts one request against `key` under `policy` and says whether it is within the limit. */
  consume(policy: RateLimitPolicy, key: string): Promise<RateLimitDecision>;
  /** Gives one request back (a successful token request is not an attempt to guess); optional. */
  refund?(policy: RateLimitPolicy, key: string): Promise<void>;
}
