import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export const API_VERSION = "1.0.0";

export const TAGS = [
  { name: "System", description: "Health, OpenAPI document and interactive reference." },
  {
    name: "Auth",
    description:
      "OAuth2 client credentials: exchange a client id and secret for a 15-minute bearer token. " +
      "The token endpoint answers OAuth 2.0 error objects, not problem+json.",
  },
  {
    name: "Organisations",
    description:
      "Stores, chains, federations and clubs, in a tree; API clients (credentials and roles) of each. " +
      "A parent organisation reads its descendants' data but writes only its own.",
  },
] as const;

export function documentConfig(publicUrl?: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "CATAN Tournament API",
      version: API_VERSION,
      description:
        "Runs official 2026 CATAN championship tournaments: events, prelim sessions on several dates and venues, " +
        "seating, tables, result submission and confirmation, and rankings computed on read (VP per seat, " +
        "10-VP cap, fictitious 4th score at 3-player tables, exact VP%, 2nd/3rd-place counts, reproducible lots, " +
        "best-single-session qualification). Errors are RFC 9457 problem+json with a stable `code`.",
      license: { name: "Proprietary" },
    },
    servers: [
      {
        url: publicUrl ?? "http://localhost:8787",
        description: publicUrl ? "This deployment" : "Local development",
      },
    ],
    tags: [...TAGS],
  };
}

/** Registers shared components (the bearer scheme) and serves the document at /openapi.json. */
export function mountOpenApi(app: OpenAPIHono<AppEnv>, publicUrl?: string): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An access token from POST /v1/auth/token (OAuth2 client credentials).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "oauth2", {
    type: "oauth2",
    description: "The same bearer token, fetched with the client-credentials grant.",
    flows: { clientCredentials: { tokenUrl: "/v1/auth/token", scopes: {} } },
  });
  app.doc31("/openapi.json", documentConfig(publicUrl));
}
