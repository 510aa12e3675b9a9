import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { methodNotAllowed } from "hono/method-not-allowed";
import { requestId } from "hono/request-id";
import { ANONYMOUS } from "../services/access";
import { addressKey } from "../services/live";
import { CONSOLE_PATHS, createConsoleRouter } from "./console";
import { consoleLogger } from "./context";
import { mountDocs } from "./docs";
import { processLiveFeeds } from "./live-feeds";
import { afterWrite } from "./middleware/after-write";
import { authenticate } from "./middleware/auth";
import { compression } from "./middleware/compression";
import { crossOrigin } from "./middleware/cors";
import { conditionalGet } from "./middleware/etag";
import { formatOffered } from "./middleware/format";
import { idempotency } from "./middleware/idempotency";
import { answerRefusal } from "./middleware/refusal";
import { textHygiene } from "./middleware/text-hygiene";
import { mountOpenApi } from "./openapi/document";
import { PRINT_PAGE_PATHS, pagesRouter, VENUE_PAGE_PATHS } from "./pages";
import { type AppDeps, appPorts } from "./ports";
import { errorToResponse, problemResponse } from "./problem";
import { RATE_LIMIT_POLICIES, rateLimits } from "./rate-limit";
import { ResponseCache } from "./response-cache";
import { createRouter } from "./router";
import { apiRouters } from "./routes";
import { PUBLIC_FEED_PATHS } from "./routes/changes";
import { DISCORD_INTERACTIONS_PATH } from "./routes/discord/path";
import { createGraphQLRouter, GRAPHQL_PATH } from "./routes/graphql";
import { registerWebhookDocs } from "./routes/webhooks/webhook-docs";
import { TOKEN_PATH } from "./token-errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Builds the whole API from its ports (ports.ts); Node and Workers entry points only supply them. */
export function createApp(supplied: AppDeps) {
  const deps = appPorts(supplied);
  const logger = deps.logging.logger ?? consoleLogger;
  const clock = deps.time.clock ?? (() => new Date());
  const app = createRouter();
  const responseCache = deps.storage.responseCache ?? new ResponseCache(deps.storage.responseCacheBytes);
  const live = deps.live.liveFeeds ?? processLiveFeeds(deps.storage.db, deps.live, clock, logger);

  app.use(requestId());
  // Outside methodNotAllowed: it replaces the response after the router's 404 has passed
  // through compress, and the replacement would keep that 404's Content-Encoding unencoded.
  if (deps.http.compress) app.use(compression);
  // A known path with another method: 405 with `Allow`, not a 404.
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        problemResponse(
          c,
          {
            status: 405,
            code: "method_not_allowed",
            detail: `${c.req.method} is not allowed on ${c.req.path}; use ${methods.join(", ")}.`,
          },
          { allow: methods.join(", ") },
        ),
    }),
  );
  app.use(crossOrigin);
  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("db", deps.storage.db);
    c.set("clock", clock);
    c.set("logger", logger);
    c.set("responseCache", responseCache);
    c.set("live", live);
    c.set("actor", ANONYMOUS);
    c.set("source", addressKey(deps.limits.clientAddress?.(c)));
    await next();
  });
  app.use(authenticate);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new HTTPException(413);
    },
  });
  // A GET or HEAD has no body to limit, and asking for one (`c.req.raw.body`) makes
  // @hono/node-server build a whole undici Request from the incoming message, on every poll.
  app.use((c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next)));
  if (deps.limits.rateLimiter) {
    const limits = rateLimits(
      deps.limits.rateLimiter,
      (c) => c.get("source"),
      deps.limits.rateLimitPolicies ?? RATE_LIMIT_POLICIES,
    );
    // Each kind of route has its limit, mounted on its paths; a request is counted by the first
    // limit mounted on its path, and the API's, mounted last on every path, counts the rest.
    app.use(DISCORD_INTERACTIONS_PATH, limits.discord);
    app.use(TOKEN_PATH, limits.token);
    app.use(GRAPHQL_PATH, limits.graphql);
    for (const path of PRINT_PAGE_PATHS) app.use(path, limits.api);
    for (const path of [...VENUE_PAGE_PATHS, ...PUBLIC_FEED_PATHS]) app.use(path, limits.publicReads);
    for (const path of CONSOLE_PATHS) app.use(path, limits.console);
    app.use(limits.api);
  }
  app.use(answerRefusal);
  // Before idempotency, whose marker wraps the request's database that this one watches.
  app.use(afterWrite);
  app.use("/v1/*", textHygiene);
  app.use("/v1/*", idempotency);
  app.use("/v1/*", formatOffered);
  app.use("/v1/*", conditionalGet);
  // A GraphQL query link (GET) is a JSON read too: its tag, 304, and no shared cache for a signed-in answer.
  app.use(GRAPHQL_PATH, conditionalGet);

  for (const router of apiRouters) app.route("/", router);
  app.route("/", createGraphQLRouter(deps.limits.graphqlBudget));

  registerWebhookDocs(app.openAPIRegistry);
  mountOpenApi(app, deps.http.publicUrl);
  mountDocs(app);
  // Human pages for the venue (screen, print, public event): views over the same services.
  app.route("/", pagesRouter);
  app.route("/", createConsoleRouter(app));

  app.notFound((c) =>
    problemResponse(c, {
      status: 404,
      code: "route_not_found",
      detail: `No route ${c.req.method} ${c.req.path}.`,
    }),
  );
  app.onError((error, c) => errorToResponse(error, c, logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
