import { createRouter } from "../../router";
import * as h from "./conduct.handlers";
import * as r from "./conduct.routes";

export const conductRouter = createRouter()
  .openapi(r.recordWarning, h.recordWarningHandler)
  .openapi(r.listPlayerWarnings, h.listPlayerWarningsHandler)
  .openapi(r.createExclusion, h.createExclusionHandler)
  .openapi(r.listExclusions, h.listExclusionsHandler)
  .openapi(r.liftExclusion, h.liftExclusionHandler);
