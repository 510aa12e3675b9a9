import { z } from "@hono/zod-openapi";
import { jsonContent } from "../../openapi/common-schemas";
import { ProblemSchema } from "../../openapi/problem-schemas";
import { routeDefinitions } from "../../openapi/route-definitions";

const route = routeDefinitions(["System"], []);

const HealthSchema = z
  .object({
    status: z.literal("ok"),
    database: z.enum(["ok", "not_checked"]).openapi({
      description: "`not_checked` for `?check=live`, which does not query the database.",
    }),
    time: z.string().openapi({ example: "2026-11-30T12:00:00.000Z" }),
  })
  .openapi("Health");

const HealthQuerySchema = z.object({
  check: z
    .enum(["live", "ready"])
    .default("ready")
    .openapi({
      param: { name: "check", in: "query" },
      description:
        "`ready` (default): the API and its database answer a query. `live`: the process answers, without touching the database (a liveness probe that a slow database cannot fail).",
      example: "ready",
    }),
});

export const getHealth = route.get("/health", {
  operationId: "getHealth",
  summary: "Liveness and database check",
  description:
    "Answers 200 when the API's database takes a write and has room for more, 503 otherwise (`database`: " +
    "`read-only`, `full` (under 32 pages left under its size limit, or its local file system under the free-space " +
    "reserve) or `unavailable`), with Retry-After. `?check=live` skips the database. Needs no token and ignores one.",
  request: { query: HealthQuerySchema },
  responses: {
    200: jsonContent(HealthSchema, "The API (and, unless `check=live`, its database) answers."),
    503: {
      description: "The database does not take writes, is (nearly) full, or does not answer.",
      content: { "application/problem+json": { schema: ProblemSchema } },
    },
  },
});
