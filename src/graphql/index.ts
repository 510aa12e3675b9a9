import { createYoga } from "graphql-yoga";
import { type ServiceContext, withCoalescedDatabase } from "../services/context";
import { getTables } from "../services/tables";
import { armorPlugin } from "./armor";
import { queryLimitsPlugin, rankingsLimitPlugin } from "./limits";

export { EXPLORER_TITLE, explorerPage } from "./explorer-page";

import { batchLoader, memoise } from "./loaders";
import { createGraphQLSchema, type GraphQLContext, type RankingsSource } from "./schema";

/** What one GraphQL request may cost once it runs (the shape is bounded at validation). */
const GRAPHQL_BUDGET = {
  /** Largest answer, in bytes of JSON; a larger one is replaced by a RESPONSE_TOO_LARGE error. */
  maxResponseBytes: 1024 * 1024,
  /** Wall time after which resolvers stop and answer QUERY_TIMEOUT. */
  maxMillis: 5000,
};

export type GraphQLBudget = typeof GRAPHQL_BUDGET;

/**
 * The GraphQL endpoint over the same services as REST. The schema is built once per app;
 * each request gets its own service context (database, actor, clock), table loader, rankings
 * memo (a ranking asked for twice in one query is computed once) and deadline.
 */
export function createGraphQLHandler(limits?: Partial<GraphQLBudget>) {
  const budget = { ...GRAPHQL_BUDGET, ...limits };
  const yoga = createYoga<GraphQLContext>({
    schema: createGraphQLSchema(),
    graphqlEndpoint: "/graphql",
    // Browsers get the offline explorer (explorer-page.ts) from the route; yoga's GraphiQL
    // would load its assets from a CDN.
    graphiql: false,
    landingPage: false,
    maskedErrors: true,
    plugins: [armorPlugin, queryLimitsPlugin, rankingsLimitPlugin],
  });
  return async (
    request: Request,
    given: ServiceContext,
    rankingsOver: (services: ServiceContext) => RankingsSource,
  ): Promise<Response> => {
    // Each resolver reads for its own parent (a ranking for its session): the reads of one level
    // go out as one batch.
    const services = withCoalescedDatabase(given);
    const rankings = rankingsOver(services);
    const response = await yoga.fetch(request, {
      services,
      table: batchLoader((ids) => getTables(services, ids)),
      rankings: {
        session: memoise(rankings.session),
        qualification: memoise(rankings.qualification),
        event: memoise(rankings.event),
        ratings: memoise(rankings.ratings),
        series: memoise(rankings.series),
      },
      deadline: performance.now() + budget.maxMillis,
    });
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("json")) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    if (new TextEncoder().encode(text).length > budget.maxResponseBytes) {
      headers.delete("content-length");
      headers.delete("etag");
      const message = `The answer would exceed ${budget.maxResponseBytes} bytes; ask for fewer fields or split the query.`;
      const errors = [{ message, extensions: { code: "RESPONSE_TOO_LARGE" } }];
      return new Response(JSON.stringify({ errors }), { status: 200, headers });
    }
    return new Response(text, { status: response.status, headers });
  };
}
