/**
 * Rate-limit policies: how many requests one caller may make in a fixed window. The defaults
 * are the table of docs/reference/limits.md; an operator changes any of them with RATE_LIMITS (below).
 */
export interface RateLimitPolicy {
  /** Named in the RateLimit-Policy header, in RATE_LIMITS, and (upper-cased) in the Workers binding. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** The defaults (what the docs say); RATE_LIMITS overrides them per deployment. */
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
  /**
   * Every client of an organisation together, besides each client's own limit: an owner who
   * mints clients gets four clients' worth, not a budget per client minted.
   */
  orgRead: { name: "org-read", limit: 2400, windowSeconds: 60 },
  orgWrite: { name: "org-write", limit: 480, windowSeconds: 60 },
  orgGraphql: { name: "org-graphql", limit: 240, windowSeconds: 60 },
  /**
   * Anonymous reads of the venue pages and the change feeds, per address: a store's phones share
   * one NAT address. The live screen refetches its page at most once a second per phone (it
   * follows the change feed, which looks once a second), so 40 phones at the busiest make about
   * 2,400 a minute; 3,000 leaves room for the page loads around them.
   */
  public: { name: "public", limit: 3000, windowSeconds: 60 },
  /**
   * Failed token requests per (client_id, address), counted after the secret is checked: a
   * client needs one token per 15 minutes, and a right secret is never refused for them.
   */
  tokenClient: { name: "token-client", limit: 10, windowSeconds: 60 },
  /** Failed token requests per address, whatever client_id they name. */
  tokenAddress: { name: "token-address", limit: 30, windowSeconds: 60 },
  /**
   * Failed token requests naming one client id, from every address together: past this an
   * audit event and an error log say someone is guessing its secret; nobody is refused for it.
   */
  tokenAlarm: { name: "token-alarm", limit: 50, windowSeconds: 60 },
  /**
   * Discord's interactions endpoint, per address, counted before the signature is checked: Discord
   * sends every server's interactions from few addresses, so this only bounds what an unsigned
   * flood costs (each refusal is a signature check, no database read).
   */
  discord: { name: "discord", limit: 12000, windowSeconds: 60 },
  /**
   * A Discord server's interactions, counted once the signature checks out: a store's 60 members
   * each running a command every 6 seconds. One busy server does not use up the others' budget.
   */
  discordGuild: { name: "discord-guild", limit: 600, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicyKey = keyof typeof RATE_LIMIT_POLICIES;
export type RateLimitPolicies = Record<RateLimitPolicyKey, RateLimitPolicy>;

const BY_NAME = new Map(
  (Object.entries(RATE_LIMIT_POLICIES) as [RateLimitPolicyKey, RateLimitPolicy][]).map(([key, p]) => [
    p.name,
    key,
  ]),
);

/** What RATE_LIMITS asks for: no limits at all, or the policies with its changes applied. */
export type RateLimitSettings = { off: true } | { off: false; policies: RateLimitPolicies };

/**
 * Parses RATE_LIMITS: unset or empty for the defaults, `off` for none (a private network, a
 * benchmark), or a comma-separated list of `<policy>=<limit>/<window seconds>` changing those
 * policies (`read=1200/60,public=6000/60`). A malformed entry throws, naming it and the policies.
 */
export function rateLimitSettings(value: string | undefined): RateLimitSettings {
  const text = value?.trim() ?? "";
  if (/^off$/i.test(text)) return { off: true };
  const policies: RateLimitPolicies = { ...RATE_LIMIT_POLICIES };
  for (const entry of text.split(",").map((e) => e.trim())) {
    if (!entry) continue;
    const match = /^([a-z-]+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*s?$/i.exec(entry);
    const key = match ? BY_NAME.get(match[1]!.toLowerCase()) : undefined;
    const limit = Number(match?.[2]);
    const windowSeconds = Number(match?.[3]);
    if (!match || !key || limit < 1 || windowSeconds < 1 || windowSeconds > 86400) {
      throw new Error(
        `RATE_LIMITS: "${entry}" is not <policy>=<limit>/<window seconds> with a limit of at least 1 and a window ` +
          `of 1 to 86400 s; the policies are ${[...BY_NAME.keys()].join(", ")}, or RATE_LIMITS=off for none.`,
      );
    }
    policies[key] = { name: RATE_LIMIT_POLICIES[key].name, limit, windowSeconds };
  }
  return { off: false, policies };
}

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
  /**
   * Counts one request against `key` under `policy` and says whether it is within the limit,
   * `factor` times the policy's (a client an admin gave a higher quota).
   */
  consume(policy: RateLimitPolicy, key: string, factor?: number): Promise<RateLimitDecision>;
}
