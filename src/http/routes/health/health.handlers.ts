import type { RouteHandler } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { heartbeats } from "../../../db/schema";
import type { AppEnv } from "../../context";
import { loggableError } from "../../log-safe";
import { problemResponse } from "../../problem";
import type { getHealth } from "./health.routes";

/**
 * Healthy means the database takes a write, not just a read: a read-only file, a removed folder
 * or a replica cut off from its primary still answers `select 1` while every write fails. The
 * write is one upserted heartbeat row, so the table never grows.
 */
export const getHealthHandler: RouteHandler<typeof getHealth, AppEnv> = async (c) => {
  const db = c.get("db");
  const time = c.get("clock")().toISOString();
  if (c.req.valid("query").check === "live") {
    return c.json({ status: "ok" as const, database: "not_checked" as const, time }, 200);
  }
  try {
    await db
      .insert(heartbeats)
      .values({ id: "health", beatAt: time })
      .onConflictDoUpdate({ target: heartbeats.id, set: { beatAt: time } });
  } catch (writeError) {
    const readable = await db.run(sql`select 1`).then(
      () => true,
      () => false,
    );
    c.get("logger").error("health check failed", {
      requestId: c.get("requestId"),
      database: readable ? "read-only" : "unavailable",
      ...loggableError(writeError),
    });
    return problemResponse(c, {
      status: 503,
      title: "Service Unavailable",
      code: readable ? "database_read_only" : "database_unavailable",
      detail: readable
        ? "The database answers reads but refuses writes (read-only file, missing folder, or a replica without its primary)."
        : "The database does not answer.",
      database: readable ? "read-only" : "unavailable",
    }) as never;
  }
  return c.json({ status: "ok" as const, database: "ok" as const, time }, 200);
};
