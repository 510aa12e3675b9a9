export { addressKey } from "../../services/live";
export { bindingName, createBindingRateLimiter, type RateLimitBinding } from "./cloudflare";
export { createMemoryRateLimiter, nodeRateLimits } from "./memory";
export { type RateLimits, rateLimits } from "./middleware";
export {
  DEFAULT_RATE_LIMIT_POLICIES,
  RATE_LIMIT_POLICIES,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicies,
  type RateLimitPolicy,
  RateLimitSettingError,
  type RateLimitSettings,
  rateLimitSettings,
} from "./policies";
