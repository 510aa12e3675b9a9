import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createGraphQLHandler, explorerPage, type GraphQLBudget } from "../../../graphql";
import { cachedRankings } from "../../cached-rankings";
import { type AppEnv, serviceContext } from "../../context";
import { jsonBody, jsonContent, OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { routeDefinitions } from "../../openapi/route-definitions";
import { problemResponse, validationProblem } from "../../problem";
import { createRouter } from "../../router";

const EXAMPLE_QUERY =
  'query { event(id: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A") { name phase qualification { rows { rank player { name } wins vp vpPct qualified } } } }';

const GraphQLRequestSchema = z
  .object({
    query: z.string().min(1).openapi({ example: EXAMPLE_QUERY }),
    variables: z.record(z.string(), z.unknown()).nullish(),
    operationName: z.string().nullish(),
    extensions: z.record(z.string(), z.unknown()).nullish(),
  })
  .openapi("GraphQLRequest", { example: { query: EXAMPLE_QUERY } });

const GraphQLResponseSchema = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z
      .array(
        z.object({
          message: z.string(),
          path: z.array(z.union([z.string(), z.number()])).optional(),
          extensions: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional()
      .openapi({
        description:
          "Field errors; `extensions.code` is the REST problem `code` unchanged (e.g. `event_not_found`), with `rule` and the field `errors` when REST gives them. Upper-case codes are GraphQL's own: `QUERY_TOO_COMPLEX`, `QUERY_TIMEOUT`, `RESPONSE_TOO_LARGE`, `GRAPHQL_VALIDATION_FAILED`, `BAD_USER_INPUT`.",
      }),
  })
  .openapi("GraphQLResponse", {
    example: { data: { event: { name: "Winter Qualifier", phase: "prelims", qualification: { rows: [] } } } },
  });

const route = routeDefinitions(["GraphQL"], OPTIONAL_BEARER);

/** Where GraphQL is served, GET and POST. */
export const GRAPHQL_PATH = "/graphql";

const DESCRIPTION =
  "Event → sessions → rounds → tables → seats, session standings, qualification and event standings in one query, " +
  "read-only, with the same authorisation as REST (public events need no token). The request itself is checked like " +
  "every REST route: malformed JSON is a 400, a body that is not JSON a 415, a missing `query` a 422, all problem+json. " +
  "Errors inside a valid request come back in `errors` with `extensions.code`.";

/**
 * Checks the HTTP request the way REST routes are checked (problem+json), then hands GraphQL
 * to yoga with a fresh request carrying the already-read body.
 */
async function checkedPost(c: Context<AppEnv>): Promise<Request | Response> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && type !== "application/graphql-response+json") {
    return problemResponse(c, {
      status: 415,
      code: "unsupported_media_type",
      detail: "POST /graphql takes an application/json body.",
    });
  }
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return problemResponse(c, { status: 400, code: "bad_request", detail: "Malformed JSON in request body" });
  }
  const parsed = GraphQLRequestSchema.safeParse(body);
  if (!parsed.success) return validationProblem(c, parsed.error, "json");
  return new Request(c.req.raw.url, { method: "POST", headers: c.req.raw.headers, body: text });
}

/** A query link opened in a browser (Accept: text/html only) is answered in JSON, not with yoga's 406. */
function jsonAccepting(request: Request): Request {
  const accept = request.headers.get("accept") ?? "";
  if (!accept.includes("text/html") || /json|\*\/\*/.test(accept)) return request;
  const headers = new Headers(request.headers);
  headers.set("accept", "application/json");
  return new Request(request.url, { method: "GET", headers });
}

/** GET: queries in the URL are checked like POST bodies. */
function checkedGet(c: Context<AppEnv>): Response | undefined {
  const { query, variables, operationName } = c.req.query();
  let parsedVariables: unknown;
  try {
    parsedVariables = variables === undefined ? undefined : JSON.parse(variables);
  } catch {
    parsedVariables = Symbol("not JSON");
  }
  const parsed = GraphQLRequestSchema.safeParse({ query, variables: parsedVariables, operationName });
  return parsed.success ? undefined : validationProblem(c, parsed.error, "query");
}

/** POST /graphql (and GET: queries in the URL, the explorer for browsers): reads only, over the same services as REST. */
export function createGraphQLRouter(budget?: Partial<GraphQLBudget>) {
  const graphql = createGraphQLHandler(budget);
  const handle = (request: Request, c: Context<AppEnv>) => {
    const cache = c.get("responseCache");
    return graphql(request, serviceContext(c), (services) => cachedRankings(services, cache));
  };
  const router = createRouter();
  router.openAPIRegistry.registerPath(
    route.post(GRAPHQL_PATH, {
      operationId: "graphql",
      summary: "GraphQL queries",
      description: DESCRIPTION,
      request: { body: jsonBody(GraphQLRequestSchema, undefined, { query: EXAMPLE_QUERY }) },
      responses: {
        200: jsonContent(GraphQLResponseSchema, "A GraphQL response (`data` and/or `errors`)."),
      },
    }),
  );
  router.openAPIRegistry.registerPath(
    route.get(GRAPHQL_PATH, {
      operationId: "graphqlGet",
      summary: "GraphQL queries in the URL",
      description:
        "The same queries as POST, with `query` (and optionally `variables` as JSON and `operationName`) in the query string, for cacheable links. " +
        "A browser (Accept: text/html) without `query` gets the GraphQL explorer page instead: offline, on Node and on Workers.",
      request: {
        query: z.object({
          query: z.string().openapi({ description: "The GraphQL query.", example: EXAMPLE_QUERY }),
          variables: z.string().optional().openapi({ description: "Variables as a JSON object." }),
          operationName: z
            .string()
            .optional()
            .openapi({ description: "Which operation of the query to run, when it holds several." }),
        }),
      },
      responses: {
        200: {
          description:
            "A GraphQL response (`data` and/or `errors`); for a browser without `query`, the explorer page.",
          content: {
            "application/json": { schema: GraphQLResponseSchema },
            "text/html": { schema: z.string().openapi({ description: "The GraphQL explorer page." }) },
          },
        },
      },
    }),
  );
  router.get(GRAPHQL_PATH, (c) => {
    // A browser opening /graphql (HTML accepted, no query in the URL) gets the explorer page.
    const browsing =
      (c.req.header("accept") ?? "").includes("text/html") && c.req.query("query") === undefined;
    if (browsing) return c.html(explorerPage());
    return checkedGet(c) ?? handle(jsonAccepting(c.req.raw), c);
  });
  router.post(GRAPHQL_PATH, async (c) => {
    const checked = await checkedPost(c);
    return checked instanceof Response ? checked : handle(checked, c);
  });
  return router;
}
