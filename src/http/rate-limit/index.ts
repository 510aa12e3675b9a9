export { bindingName, createBindingRateLimiter, type RateLimitBinding } from "./cloudflare";
export { createMemoryRateLimiter, nodeRateLimits } from "./memory";
export { rateLimits } from "./middleware";
export {
  RATE_LIMIT_POLICIES,
  type RateLimiter,
  type RateLimitPolicies,
  rateLimitSettings,
} from "./policies";
