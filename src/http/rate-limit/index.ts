export { bindingName, createBindingRateLimiter, type RateLimitBinding } from "./cloudflare";
export { createMemoryRateLimiter, nodeRateLimits } from "./memory";
export { rateLimits } from "./middleware";
export {
  DEFAULT_RATE_LIMIT_POLICIES,
  RATE_LIMIT_POLICIES,
  type RateLimiter,
  type RateLimitPolicies,
  rateLimitSettings,
} from "./policies";
