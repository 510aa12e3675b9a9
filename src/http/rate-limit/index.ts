export { createBindingRateLimiter, type RateLimitBinding } from "./cloudflare";
export { createMemoryRateLimiter } from "./memory";
export { rateLimit } from "./middleware";
export {
  RATE_LIMIT_POLICIES,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicy,
} from "./policies";
