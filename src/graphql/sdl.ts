import { buildSchema, printSchema } from "graphql";
import { typeDefs } from "./schema";

/**
 * The schema as SDL, descriptions included: what openapi/schema.graphql commits. Built from the
 * type definitions with this module's own graphql (yoga may load the other CJS/ESM copy).
 */
export function graphqlSdl(): string {
  return `${printSchema(buildSchema(typeDefs))}\n`;
}
