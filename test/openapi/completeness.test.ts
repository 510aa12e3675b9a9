import { describe, expect, it } from "vitest";
import { generateOpenApiDocument } from "../../src/http/openapi/generate";
import { pagesRouter } from "../../src/http/pages";
import { createTestApp } from "../helpers/test-app";

/**
 * The OpenAPI document is the reference third-party frontends build on: every route in
 * it, every status a route can answer, examples a developer can copy, descriptions they can act
 * on. Each check lists every gap it finds at once, as `METHOD /path: what is missing`.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = any;

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

/**
 * Gaps known and accepted for now, each with its reason. The test fails when one of them is
 * fixed (so the entry is removed) as well as when a new gap appears.
 */
const KNOWN_GAPS: Record<string, string> = {};

let doc: Json;

interface Operation {
  where: string;
  method: string;
  path: string;
  op: Json;
}

function operations(): Operation[] {
  return Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      where: `${method.toUpperCase()} ${path}`,
      method,
      path,
      op: item[method],
    })),
  );
}

function resolve(schema: Json): Json {
  let s = schema;
  const seen = new Set<string>();
  while (s?.$ref && !seen.has(s.$ref)) {
    seen.add(s.$ref);
    s = doc.components.schemas[String(s.$ref).replace("#/components/schemas/", "")];
  }
  return s;
}

/** Whether an example (`example` or `examples`) appears anywhere in the schema, through refs. */
function hasExampleSomewhere(schema: Json, seen = new Set<unknown>()): boolean {
  if (schema === null || typeof schema !== "object" || seen.has(schema)) return false;
  seen.add(schema);
  if (schema.$ref) return hasExampleSomewhere(resolve(schema), seen);
  if (schema.example !== undefined || (Array.isArray(schema.examples) && schema.examples.length > 0))
    return true;
  return Object.values(schema).some((child) => hasExampleSomewhere(child, seen));
}

const requiresToken = (op: Json) => {
  const security: Json[] | undefined = op.security ?? doc.security;
  // `{}` in the list means "no token needed"; an empty list means no security at all.
  return !!security && security.length > 0 && !security.some((s) => Object.keys(s).length === 0);
};
const acceptsToken = (op: Json) =>
  (op.security ?? doc.security ?? []).some((s: Json) => Object.keys(s).length > 0);

/** Every gap of the document, as `METHOD /path: what`. */
function findGaps(appRoutes: string[]): string[] {
  const gaps: string[] = [];
  const operationIds = new Map<string, string>();
  for (const { where, method, path, op } of operations()) {
    const gap = (what: string) => gaps.push(`${where}: ${what}`);
    const statuses = Object.keys(op.responses ?? {});
    const has = (status: string) => statuses.includes(status);

    if (!op.operationId) gap("operationId");
    else if (operationIds.has(op.operationId))
      gap(`operationId ${op.operationId} also used by ${operationIds.get(op.operationId)}`);
    else operationIds.set(op.operationId, where);
    if (!op.summary) gap("summary");
    if (!op.description || op.description.length < 20) gap("description");
    if (!op.tags?.length) gap("tags");

    if (!statuses.some((s) => s.startsWith("2"))) gap("no 2xx response");
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      if (!response.description) gap(`${status} response description`);
    }

    // The statuses a route can produce.
    const isToken = path === "/v1/auth/token";
    // GraphQL over HTTP answers a bad request with 400 and a bad query with 200 + `errors`: no 422.
    const isGraphQL = path === "/graphql";
    const jsonBody = !!op.requestBody?.content?.["application/json"];
    const hasQuery = (op.parameters ?? []).some((p: Json) => p.in === "query");
    // Path ids are validated too (1–64 characters): an overlong id is a 422 naming the parameter.
    const hasCheckedPath = (op.parameters ?? []).some(
      (p: Json) =>
        p.in === "path" &&
        (p.schema?.maxLength !== undefined || p.schema?.minLength !== undefined || p.schema?.pattern),
    );
    if (requiresToken(op) && !has("401")) gap("401 not documented (the route needs a token)");
    if (acceptsToken(op) && !has("401")) gap("401 not documented (an invalid or expired token is refused)");
    if (path.includes("{") && !has("404")) gap("404 not documented (the path has ids)");
    if (!isToken && !isGraphQL && (jsonBody || hasQuery || hasCheckedPath) && !has("422"))
      gap("422 not documented (the route has a body, a query or checked path ids)");
    if (!isToken && jsonBody && !has("400")) gap("400 not documented (malformed JSON)");
    if (!isToken && jsonBody && !has("415"))
      gap("415 not documented (answered to a non-JSON, non-form body)");
    for (const status of statuses.filter((s) => /^[45]/.test(s) && s !== "503")) {
      const content = op.responses[status].content ?? {};
      if (!isToken && !content["application/problem+json"]) gap(`${status} is not application/problem+json`);
    }

    // Request headers the middleware honours on every route of a kind (conventions.ts).
    const v1 = path.startsWith("/v1/") && !isToken;
    const declares = (name: string) =>
      (op.parameters ?? []).some((p: Json) => p.in === "header" && String(p.name).toLowerCase() === name);
    if (v1 && method === "get" && op.responses?.["200"]?.content?.["application/json"]) {
      if (!declares("if-none-match")) gap("If-None-Match not declared (every JSON read answers ETag/304)");
      if (!has("304")) gap("304 not documented (every JSON read answers If-None-Match)");
      if (!op.responses["200"].headers?.ETag) gap("ETag header of the 200 not documented");
      const next = resolve(op.responses["200"].content["application/json"].schema)?.properties?.nextCursor;
      const paged = next && [next.type].flat().includes("string");
      if (paged && !op.responses["200"].headers?.Link) gap("Link header of a page not documented");
    }
    if (v1 && (method === "post" || method === "put") && !declares("idempotency-key"))
      gap("Idempotency-Key not declared (every POST and PUT honours it)");

    // Request bodies: an example a developer can copy.
    if (op.requestBody) {
      for (const [mediaType, content] of Object.entries<Json>(op.requestBody.content ?? {})) {
        const schema = resolve(content.schema);
        const example =
          content.example !== undefined ||
          (content.examples && Object.keys(content.examples).length > 0) ||
          schema?.example !== undefined ||
          (Array.isArray(schema?.examples) && schema.examples.length > 0);
        if (!example)
          gap(
            mediaType === "application/json" ? "request body example" : `${mediaType} request body example`,
          );
      }
    }

    // 2xx JSON responses: a named schema with an example somewhere.
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      if (!status.startsWith("2")) continue;
      const json = response.content?.["application/json"];
      if (!json) continue;
      if (!json.schema?.$ref) gap(`${status} application/json schema is not a named component`);
      else if (!hasExampleSomewhere(json.schema) && json.example === undefined && !json.examples) {
        gap(`${status} response schema ${json.schema.$ref.split("/").pop()} has no example anywhere`);
      }
    }

    // Parameters: every one described, path ids with an example.
    for (const p of op.parameters ?? []) {
      if (!p.description && !p.schema?.description) gap(`${p.in} parameter ${p.name} description`);
      if (p.in === "path" && p.example === undefined && p.schema?.example === undefined)
        gap(`path parameter ${p.name} example`);
    }
    for (const name of path.match(/\{(\w+)\}/g) ?? []) {
      const bare = name.slice(1, -1);
      if (!(op.parameters ?? []).some((p: Json) => p.in === "path" && p.name === bare))
        gap(`path parameter ${bare} not declared`);
    }
  }

  // Every route the app serves is in the document (the document and the docs UI excepted).
  const documented = new Set(operations().map((o) => o.where));
  for (const route of appRoutes) {
    if (!documented.has(route))
      gaps.push(
        `${route}: route not in the document${route === "GET /graphql" ? " (graphql-yoga answers GET queries)" : ""}`,
      );
  }
  return gaps;
}

const HUMAN_PAGES = new Set(pagesRouter.routes.map((r) => r.path));

describe("the OpenAPI document is complete", () => {
  it("documents every route, status, example and parameter (no gap beyond the known ones)", async () => {
    doc = await generateOpenApiDocument();
    const { app } = await createTestApp();
    const appRoutes = [
      ...new Set(
        app.routes
          .filter((r) => METHODS.includes(r.method.toLowerCase() as never))
          .filter(
            (r) => r.path !== "/openapi.json" && !r.path.startsWith("/docs") && !r.path.startsWith("/__"),
          )
          // The venue pages and the staff console are HTML for people (docs/guides/venue-pages.md,
          // docs/guides/store-chain.md), not API operations.
          .filter((r) => !HUMAN_PAGES.has(r.path) && r.path !== "/console" && !r.path.startsWith("/console/"))
          .map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
      ),
    ];
    const gaps = findGaps(appRoutes);
    const unknown = gaps.filter((g) => !(g in KNOWN_GAPS));
    const fixed = Object.keys(KNOWN_GAPS).filter((g) => !gaps.includes(g));
    expect(unknown, "new gaps in the OpenAPI document").toEqual([]);
    expect(fixed, "known gaps that are fixed now: remove them from KNOWN_GAPS").toEqual([]);
  });
});
