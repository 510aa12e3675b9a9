import { createYoga, type Plugin } from "graphql-yoga";
import type { ServiceContext } from "../services/context";
import { getTables } from "../services/tables";
import { queryLimitsRule } from "./limits";
import { batchLoader } from "./loaders";
import { createGraphQLSchema, type GraphQLContext } from "./schema";

/** Rejects over-large queries at validation, before any resolver runs. */
const queryLimitsPlugin: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(queryLimitsRule()),
};

export type GraphQLHandler = (request: Request, services: ServiceContext) => Promise<Response>;

/**
 * The GraphQL endpoint over the same services as REST. The schema is built once per app;
 * each request gets its own service context (database, actor, clock) and table loader.
 */
export function createGraphQLHandler(options: { graphiql: boolean }): GraphQLHandler {
  const yoga = createYoga<GraphQLContext>({
    schema: createGraphQLSchema(),
    graphqlEndpoint: "/graphql",
    graphiql: options.graphiql,
    landingPage: false,
    maskedErrors: true,
    plugins: [queryLimitsPlugin],
  });
  return async (request, services) =>
    yoga.fetch(request, { services, table: batchLoader((ids) => getTables(services, ids)) });
}
