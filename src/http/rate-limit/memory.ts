import { MemoryStore } from "hono-rate-limiter";
import type {
  RateLimitDecision,
  RateLimiter,
  RateLimitPolicies,
  RateLimitPolicy,
  RateLimitSettings,
} from "./policies";

/**
 * Node: fixed windows counted in this process's memory by hono-rate-limiter's MemoryStore (one
 * store per policy, expired keys dropped on a timer). One process serves every request, so
 * counts are exact; several Node processes would each count their own share.
 */
export function createMemoryRateLimiter(): RateLimiter {
  const stores = new Map<string, MemoryStore>();
  const storeFor = (policy: RateLimitPolicy) => {
    const id = `${policy.name}/${policy.windowSeconds}`;
    let store = stores.get(id);
    if (!store) {
      store = new MemoryStore();
      // init() only reads windowMs; the rest of the middleware's options are not used here.
      store.init({ windowMs: policy.windowSeconds * 1000 } as Parameters<MemoryStore["init"]>[0]);
      stores.set(id, store);
    }
    return store;
  };
  return {
    async consume(policy, key, factor = 1): Promise<RateLimitDecision> {
      const { totalHits, resetTime } = storeFor(policy).increment(key);
      const resetMs = (resetTime?.getTime() ?? Date.now() + policy.windowSeconds * 1000) - Date.now();
      const limit = policy.limit * factor;
      return {
        allowed: totalHits <= limit,
        remaining: Math.max(0, limit - totalHits),
        resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      };
    },
  };
}

/** The Node server's limiter as RATE_LIMITS sets it: none with `off`, else one counting in memory. */
export function nodeRateLimits(settings: RateLimitSettings): {
  rateLimiter?: RateLimiter;
  rateLimitPolicies?: RateLimitPolicies;
} {
  return settings.off ? {} : { rateLimiter: createMemoryRateLimiter(), rateLimitPolicies: settings.policies };
}
