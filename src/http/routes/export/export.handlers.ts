import type { RouteHandler } from "@hono/zod-openapi";
import { stream } from "hono/streaming";
import { exportRecords, openExport } from "../../../services/export";
import { type AppEnv, serviceContext } from "../../context";
import type { exportOrganization } from "./export.routes";

export const exportOrganizationHandler: RouteHandler<typeof exportOrganization, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  // Authorise before the first byte: once streaming, a failure can no longer be a 4xx.
  const orgIds = await openExport(
    ctx,
    c.req.valid("param").orgId,
    c.req.valid("query").include === "descendants",
  );
  c.header("content-type", "application/x-ndjson; charset=utf-8");
  c.header("cache-control", "private, no-store");
  return stream(c, async (out) => {
    for await (const record of exportRecords(ctx, orgIds)) await out.write(`${JSON.stringify(record)}\n`);
  }) as never;
};
