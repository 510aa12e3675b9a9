import { streamEventChanges, streamOrgChanges } from "./changes.routes";

/** The change feeds a venue's screens follow without a token (the router's path of each). */
export const PUBLIC_FEED_PATHS = [streamEventChanges, streamOrgChanges].map((route) =>
  route.path.replace(/\{(\w+)\}/g, ":$1"),
);
