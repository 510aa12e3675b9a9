import { createRouter } from "../../router";
import { streamEventChangesHandler } from "./changes.handlers";
import { streamEventChanges } from "./changes.routes";
import { streamOrgChangesHandler } from "./org-changes.handlers";
import { streamOrgChanges } from "./org-changes.routes";

export const changesRouter = createRouter()
  .openapi(streamEventChanges, streamEventChangesHandler)
  .openapi(streamOrgChanges, streamOrgChangesHandler);
