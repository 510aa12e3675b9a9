import { createYoga } from "graphql-yoga";
import type { ServiceContext } from "../services/context";
import { getTables } from "../services/table-view";
import { batchLoader } from "./loaders";
import { createGraphQLSchema, type GraphQLContext } from "./schema";

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
  });
  return async (request, services) =>
    yoga.fetch(request, { services, table: batchLoader((ids) => getTables(services, ids)) });
}
