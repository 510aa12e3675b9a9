import { createRouter } from "../../router";
import { streamEventChangesHandler } from "./changes.handlers";
import { streamEventChanges } from "./changes.routes";

export const changesRouter = createRouter().openapi(streamEventChanges, streamEventChangesHandler);
