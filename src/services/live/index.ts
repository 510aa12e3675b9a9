// The public face of this group: other folders import only from here.

export {
  addressKey,
  DEFAULT_LIVE_REFRESH_MS,
  DEFAULT_STREAM_LIMITS,
  type GrantedSlot,
  type SlotDecision,
  type SlotLease,
  type StreamCharge,
  type StreamLimits,
  StreamSlots,
  streamCharges,
} from "./caps";
export * from "./feeds";
export { type Lease, LiveHub } from "./hub";
export * from "./messages";
export { type FeedHost, feedStream } from "./streams";
export { endLapsedTokens, type HeldToken, heldToken } from "./tokens";
