import { z } from "@hono/zod-openapi";
import { createGraphQLHandler } from "../../../graphql";
import { serviceContext } from "../../context";
import { OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { errorResponses } from "../../openapi/problem-schemas";
import { createRouter } from "../../router";

const GraphQLRequestSchema = z
  .object({
    query: z
      .string()
      .openapi({ example: '{ event(id: "evt_…") { name phase sessions { name playerCount } } }' }),
    variables: z.record(z.string(), z.unknown()).optional(),
    operationName: z.string().optional(),
  })
  .openapi("GraphQLRequest");

/** POST /graphql (and GraphiQL on GET when enabled): reads only, over the same services as REST. */
export function createGraphQLRouter(options: { graphiql: boolean }) {
  const handle = createGraphQLHandler(options);
  const router = createRouter();
  router.openAPIRegistry.registerPath({
    method: "post",
    path: "/graphql",
    operationId: "graphql",
    tags: ["GraphQL"],
    summary: "GraphQL queries",
    description:
      "Event → sessions → rounds → tables → seats, standings and qualification in one query. Same authorisation as REST: public events need no token. Errors carry `extensions.code` (the REST problem `code`, upper-cased).",
    security: OPTIONAL_BEARER,
    request: { body: { required: true, content: { "application/json": { schema: GraphQLRequestSchema } } } },
    responses: {
      200: {
        description: "A GraphQL response (`data` and/or `errors`).",
        content: {
          "application/json": {
            schema: z.object({ data: z.unknown().optional(), errors: z.array(z.unknown()).optional() }),
          },
        },
      },
      ...errorResponses(400, 401, 413),
    },
  });
  router.on(["GET", "POST"], "/graphql", (c) => handle(c.req.raw, serviceContext(c as never)));
  return router;
}
