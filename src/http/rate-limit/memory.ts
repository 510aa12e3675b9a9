import { MemoryStore } from "hono-rate-limiter";
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "./policies";

/**
 * Node: fixed windows counted in this process's memory by hono-rate-limiter's MemoryStore (one
 * store per policy, expired keys dropped on a timer). One process serves every request, so
 * counts are exact; several Node processes would each count their own share.
 */
export function createMemoryRateLimiter(): RateLimiter {
  const stores = new Map<string, MemoryStore>();
  const storeFor = (policy: RateLimitPolicy) => {
    let store = stores.get(policy.name);
    if (!store) {
      store = new MemoryStore();
      // init() only reads windowMs; the rest of the middleware's options are not used here.
      store.init({ windowMs: policy.windowSeconds * 1000 } as Parameters<MemoryStore["init"]>[0]);
      stores.set(policy.name, store);
    }
    return store;
  };
  return {
    async consume(policy, key): Promise<RateLimitDecision> {
      const { totalHits, resetTime } = storeFor(policy).increment(key);
      const resetMs = (resetTime?.getTime() ?? Date.now() + policy.windowSeconds * 1000) - Date.now();
      return {
        allowed: totalHits <= policy.limit,
        remaining: Math.max(0, policy.limit - totalHits),
        resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      };
    },
    async refund(policy, key) {
      storeFor(policy).decrement(key);
    },
  };
}
