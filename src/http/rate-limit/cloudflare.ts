import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "./policies";

/** Cloudflare's rate-limiting binding (`[[ratelimits]]` in wrangler.toml). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The Workers binding of a policy: `RATE_LIMIT_` and its name upper-cased (`org-read` → `RATE_LIMIT_ORG_READ`). */
export const bindingName = (policy: string): `RATE_LIMIT_${string}` =>
  `RATE_LIMIT_${policy.toUpperCase().replace(/-/g, "_")}`;

/**
 * Workers: each policy is a binding declared in wrangler.toml with the same limit and period,
 * counted by Cloudflare across isolates in a location. The binding tells only whether a request
 * is allowed, so `remaining` is unknown and the reset is the window's length; it cannot give a
 * request back, so every token request counts there.
 *
 * A binding's limit is fixed, so a client with `factor` times the quota is counted under
 * `factor` keys of its own: a request takes the first of them, from a random one on, that still
 * has room. Exact while the client stays under its quota; past it, each refused request asks
 * every key once.
 */
export function createBindingRateLimiter(
  bindings: Record<string, RateLimitBinding | undefined>,
): RateLimiter {
  return {
    async consume(policy: RateLimitPolicy, key: string, factor = 1): Promise<RateLimitDecision> {
      const binding = bindings[policy.name];
      if (!binding)
        throw new Error(`No rate-limiting binding for the "${policy.name}" policy in wrangler.toml.`);
      const start = Math.floor(Math.random() * factor);
      for (let i = 0; i < factor; i++) {
        const slot = (start + i) % factor;
        const { success } = await binding.limit({ key: slot === 0 ? key : `${key}#${slot}` });
        if (success) return { allowed: true, resetSeconds: policy.windowSeconds };
      }
      return { allowed: false, resetSeconds: policy.windowSeconds };
    },
  };
}
