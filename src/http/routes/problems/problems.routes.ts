import { z } from "@hono/zod-openapi";
import { routeDefinitions } from "../../openapi/route-definitions";

const route = routeDefinitions(["System"], []);

const ProblemPageParams = z.object({
  code: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "code", in: "path" },
      description:
        "The problem's code, as in its `type` URI (`validation-failed`) or its `code` (`validation_failed`).",
      example: "validation-failed",
    }),
});

export const getProblemPage = route.get("/problems/{code}", {
  operationId: "getProblemPage",
  summary: "What a problem code means",
  description:
    "The page every problem's `type` URI points at: its status, title and what to do about it. Public; a token is ignored.",
  request: { params: ProblemPageParams },
  responses: {
    200: {
      description: "A short human page about the code.",
      content: { "text/html": { schema: z.string().openapi({ example: "<!doctype html>…" }) } },
    },
  },
});
