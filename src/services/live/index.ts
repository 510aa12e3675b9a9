// The public face of this group: other folders import only from here.

export * from "./caps";
export * from "./feeds";
export { type Lease, LiveHub, singleFlight } from "./hub";
export * from "./messages";
export { type FeedHost, feedStream } from "./streams";
export { endLapsedTokens, type HeldToken } from "./tokens";
