import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "./policies";

/** Cloudflare's rate-limiting binding (`[[ratelimits]]` in wrangler.toml). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/**
 * Workers: each policy is a binding declared in wrangler.toml with the same limit and period,
 * counted by Cloudflare across isolates in a location. The binding tells only whether a request
 * is allowed, so `remaining` is unknown and the reset is the window's length; it cannot give a
 * request back, so every token request counts there.
 */
export function createBindingRateLimiter(
  bindings: Record<string, RateLimitBinding | undefined>,
): RateLimiter {
  return {
    async consume(policy: RateLimitPolicy, key: string): Promise<RateLimitDecision> {
      const binding = bindings[policy.name];
      if (!binding)
        throw new Error(`No rate-limiting binding for the "${policy.name}" policy in wrangler.toml.`);
      const { success } = await binding.limit({ key });
      return { allowed: success, resetSeconds: policy.windowSeconds };
    },
  };
}
