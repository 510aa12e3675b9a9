import type { RouteHandler } from "@hono/zod-openapi";
import * as conduct from "../../../services/tables";
import { type AppEnv, serviceContext } from "../../context";
import { withPageLink } from "../../pagination";
import type { listPlayerWarnings, recordWarning } from "./conduct.routes";

export const recordWarningHandler: RouteHandler<typeof recordWarning, AppEnv> = async (c) =>
  c.json(
    await conduct.recordWarning(serviceContext(c), c.req.valid("param").tableId, c.req.valid("json")),
    201,
  );

export const listPlayerWarningsHandler: RouteHandler<typeof listPlayerWarnings, AppEnv> = async (c) =>
  c.json(
    withPageLink(
      c,
      await conduct.listPlayerWarnings(
        serviceContext(c),
        c.req.valid("param").playerId,
        c.req.valid("query"),
      ),
    ),
    200,
  );
