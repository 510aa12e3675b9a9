import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../openapi/problem-schemas";

export const HealthSchema = z
  .object({
    status: z.literal("ok"),
    database: z.literal("ok"),
    time: z.string().openapi({ example: "2026-11-30T12:00:00.000Z" }),
  })
  .openapi("Health");

export const getHealth = createRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["System"],
  summary: "Liveness and database check",
  description: "Answers 200 when the API can run a query on its database, 503 otherwise. Needs no token.",
  responses: {
    200: {
      description: "The API and its database answer.",
      content: { "application/json": { schema: HealthSchema } },
    },
    503: {
      description: "The database does not answer.",
      content: {
        "application/problem+json": {
          schema: errorResponses(500)[500].content["application/problem+json"].schema,
        },
      },
    },
    ...errorResponses(500),
  },
});
