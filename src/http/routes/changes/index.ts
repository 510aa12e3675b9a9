import { createRouter } from "../../router";
import { streamEventChangesHandler, watchEventLiveHandler } from "./changes.handlers";
import { streamEventChanges, watchEventLive } from "./changes.routes";
import { streamOrgChangesHandler } from "./org-changes.handlers";
import { streamOrgChanges } from "./org-changes.routes";

export const changesRouter = createRouter()
  .openapi(streamEventChanges, streamEventChangesHandler)
  .openapi(watchEventLive, watchEventLiveHandler)
  .openapi(streamOrgChanges, streamOrgChangesHandler);

/** The change feeds a venue's screens follow without a token (the router's path of each). */
export const PUBLIC_FEED_PATHS = [streamEventChanges, streamOrgChanges].map((route) =>
  route.path.replace(/\{(\w+)\}/g, ":$1"),
);
