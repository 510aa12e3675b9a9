import type { RouteHandler } from "@hono/zod-openapi";
import * as programme from "../../../services/conduct";
import * as conduct from "../../../services/tables";
import { type AppEnv, serviceContext } from "../../context";
import { jsonPage } from "../respond";
import type * as r from "./conduct.routes";

export const recordWarningHandler: RouteHandler<typeof r.recordWarning, AppEnv> = async (c) =>
  c.json(
    await conduct.recordWarning(serviceContext(c), c.req.valid("param").tableId, c.req.valid("json")),
    201,
  );

export const listPlayerWarningsHandler: RouteHandler<typeof r.listPlayerWarnings, AppEnv> = async (c) =>
  jsonPage(
    c,
    await conduct.listPlayerWarnings(serviceContext(c), c.req.valid("param").playerId, c.req.valid("query")),
  );

export const createExclusionHandler: RouteHandler<typeof r.createExclusion, AppEnv> = async (c) =>
  c.json(
    await programme.createExclusion(serviceContext(c), c.req.valid("param").orgId, c.req.valid("json")),
    201,
  );

export const listExclusionsHandler: RouteHandler<typeof r.listExclusions, AppEnv> = async (c) =>
  jsonPage(
    c,
    await programme.listExclusions(serviceContext(c), c.req.valid("param").orgId, c.req.valid("query")),
  );

export const liftExclusionHandler: RouteHandler<typeof r.liftExclusion, AppEnv> = async (c) => {
  const { orgId, exclusionId } = c.req.valid("param");
  return c.json(await programme.liftExclusion(serviceContext(c), orgId, exclusionId), 200);
};
