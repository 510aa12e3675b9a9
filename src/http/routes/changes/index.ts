import { createRouter } from "../../router";
import { streamEventChangesHandler, watchEventLiveHandler } from "./changes.handlers";
import { streamEventChanges, watchEventLive } from "./changes.routes";
import { streamOrgChangesHandler } from "./org-changes.handlers";
import { streamOrgChanges } from "./org-changes.routes";

export const changesRouter = createRouter()
  .openapi(streamEventChanges, streamEventChangesHandler)
  .openapi(watchEventLive, watchEventLiveHandler)
  .openapi(streamOrgChanges, streamOrgChangesHandler);
