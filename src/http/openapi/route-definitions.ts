import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { BEARER } from "./common-schemas";

type Spec = Omit<RouteConfig, "method" | "path" | "tags" | "security"> &
  Partial<Pick<RouteConfig, "tags" | "security">>;

/**
 * The route definitions of one area: `route.get(path, { operationId, summary, … })`, tagged
 * `tags` and secured by `security` unless the definition says otherwise. The operation's keys
 * keep the order the document shows (operationId, tags, summary, description, security).
 */
export function routeDefinitions(tags: string[], security: RouteConfig["security"] = BEARER) {
  const method =
    <M extends RouteConfig["method"]>(method: M) =>
    <P extends string, S extends Spec>(path: P, { operationId, summary, description, ...rest }: S) =>
      createRoute({ method, path, operationId, tags, summary, description, security, ...rest });
  return {
    get: method("get"),
    post: method("post"),
    put: method("put"),
    patch: method("patch"),
    delete: method("delete"),
  };
}
