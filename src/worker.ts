import type { ExecutionContext } from "hono";
import { openWebDatabase } from "./db/web";
import { type App, createApp } from "./http/app";
import {
  createBindingRateLimiter,
  createMemoryRateLimiter,
  type RateLimitBinding,
  type RateLimiter,
} from "./http/rate-limit";
import { createAuthConfig } from "./services/auth";

/** Variables and secrets of the Worker (see wrangler.toml). */
export interface WorkerEnv {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET?: string;
  PUBLIC_URL?: string;
  /** Optional external identity provider (all three together). */
  JWKS_URL?: string;
  JWT_ISSUER?: string;
  JWT_AUDIENCE?: string;
  /** Cloudflare rate-limiting bindings, one per policy (`[[ratelimits]]` in wrangler.toml). */
  RATE_LIMIT_READ?: RateLimitBinding;
  RATE_LIMIT_WRITE?: RateLimitBinding;
  RATE_LIMIT_GRAPHQL?: RateLimitBinding;
  RATE_LIMIT_TOKEN_CLIENT?: RateLimitBinding;
  RATE_LIMIT_TOKEN_ADDRESS?: RateLimitBinding;
}

/**
 * The bindings' counters are shared by every isolate of a location; without them (a local
 * `wrangler dev` with an older config) each isolate counts in its own memory.
 */
function rateLimiterFor(env: WorkerEnv): RateLimiter {
  const bindings = {
    read: env.RATE_LIMIT_READ,
    write: env.RATE_LIMIT_WRITE,
    graphql: env.RATE_LIMIT_GRAPHQL,
    "token-client": env.RATE_LIMIT_TOKEN_CLIENT,
    "token-address": env.RATE_LIMIT_TOKEN_ADDRESS,
  };
  return Object.values(bindings).every(Boolean)
    ? createBindingRateLimiter(bindings)
    : createMemoryRateLimiter();
}

// One app per isolate: env is fixed for an isolate's life, so building it once per env object
// avoids re-creating the database client on every request.
const apps = new WeakMap<WorkerEnv, App>();

function appFor(env: WorkerEnv): App {
  let app = apps.get(env);
  if (!app) {
    // No generated fallback here: isolates share nothing, so every one must sign with the same key.
    if (!env.JWT_SECRET) throw new Error("JWT_SECRET is not set: run `wrangler secret put JWT_SECRET`.");
    app = createApp({
      db: openWebDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN),
      auth: createAuthConfig({
        secret: env.JWT_SECRET,
        jwksUrl: env.JWKS_URL,
        externalIssuer: env.JWT_ISSUER,
        externalAudience: env.JWT_AUDIENCE,
      }),
      publicUrl: env.PUBLIC_URL,
      rateLimiter: rateLimiterFor(env),
      clientAddress: (c) => c.req.header("cf-connecting-ip"),
    });
    apps.set(env, app);
  }
  return app;
}

/** A deployment without its settings answers a problem that says which one, not a bare 500. */
function misconfigured(error: unknown): Response {
  console.error(JSON.stringify({ level: "error", message: "worker misconfigured", error: String(error) }));
  return new Response(
    JSON.stringify({
      type: "https://catan-tournament-api.dev/problems/server-misconfigured",
      title: "Service Unavailable",
      status: 503,
      code: "server_misconfigured",
      detail: error instanceof Error ? error.message : "The Worker is missing a required setting.",
    }),
    { status: 503, headers: { "content-type": "application/problem+json" } },
  );
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    let app: App;
    try {
      app = appFor(env);
    } catch (error) {
      return misconfigured(error);
    }
    return app.fetch(request, env, ctx);
  },
};
