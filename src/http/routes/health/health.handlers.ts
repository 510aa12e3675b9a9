import type { RouteHandler } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { problemResponse } from "../../problem";
import type { getHealth } from "./health.routes";

export const getHealthHandler: RouteHandler<typeof getHealth, AppEnv> = async (c) => {
  const time = c.var.clock().toISOString();
  if (c.req.valid("query").check === "live") {
    return c.json({ status: "ok" as const, database: "not_checked" as const, time }, 200);
  }
  try {
    await c.var.db.run(sql`select 1`);
  } catch (error) {
    c.var.logger.error("health check failed", { requestId: c.var.requestId, error: String(error) });
    return problemResponse(c, {
      status: 503,
      title: "Service Unavailable",
      code: "database_unavailable",
      detail: "The database does not answer.",
    }) as never;
  }
  return c.json({ status: "ok" as const, database: "ok" as const, time }, 200);
};
