import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { ANONYMOUS } from "../services/access";
import { type AppDeps, consoleLogger } from "./context";
import { mountDocs } from "./docs";
import { authenticate } from "./middleware/auth";
import { idempotency } from "./middleware/idempotency";
import { mountOpenApi } from "./openapi/document";
import { errorToResponse, problemResponse } from "./problem";
import { ResponseCache } from "./response-cache";
import { createRouter } from "./router";
import { apiRouters } from "./routes";
import { createGraphQLRouter } from "./routes/graphql";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Builds the whole API from its dependencies; Node and Workers entry points only supply them. */
export function createApp(deps: AppDeps) {
  const logger = deps.logger ?? consoleLogger;
  const clock = deps.clock ?? (() => new Date());
  const app = createRouter();
  const responseCache = new ResponseCache();

  app.use(requestId());
  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("db", deps.db);
    c.set("clock", clock);
    c.set("logger", logger);
    c.set("responseCache", responseCache);
    c.set("actor", ANONYMOUS);
    await next();
  });
  app.use(authenticate);
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new HTTPException(413);
      },
    }),
  );
  app.use("/v1/*", idempotency);

  for (const router of apiRouters) app.route("/", router);
  app.route("/", createGraphQLRouter({ graphiql: deps.graphiql ?? false }));

  mountOpenApi(app, deps.publicUrl);
  mountDocs(app);

  app.notFound((c) =>
    problemResponse(c, {
      status: 404,
      code: "route_not_found",
      detail: `No route ${c.req.method} ${c.req.path}.`,
    }),
  );
  app.onError((error, c) => errorToResponse(error, c, logger.error));
  return app;
}

export type App = ReturnType<typeof createApp>;
