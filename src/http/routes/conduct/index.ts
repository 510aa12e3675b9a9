import { createRouter } from "../../router";
import * as h from "./conduct.handlers";
import * as r from "./conduct.routes";

export const conductRouter = createRouter()
  .openapi(r.recordWarning, h.recordWarningHandler)
  .openapi(r.listPlayerWarnings, h.listPlayerWarningsHandler);
