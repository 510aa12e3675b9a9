import { z } from "@hono/zod-openapi";

const FieldIssueSchema = z
  .object({
    path: z.string().openapi({ example: "scores[2].vp" }),
    message: z
      .string()
      .openapi({ example: "seat 3 (ply_…): 25 VP is above the 20 VP maximum (rule 1.1.11)" }),
  })
  .openapi("FieldIssue");

export const ProblemSchema = z
  .object({
    type: z.string().openapi({
      description:
        "`/problems/<code>` (absolute on the deployment's PUBLIC_URL when it sets one): the same whatever Host a request named; it resolves to the page about the code.",
      example: "/problems/validation-failed",
    }),
    title: z.string().openapi({ example: "Unprocessable Content" }),
    status: z.number().int().openapi({ example: 422 }),
    detail: z.string().openapi({ example: "The request json is not valid: name: Too small" }),
    code: z.string().openapi({
      description: "Stable machine-readable error code; switch on this, not on `title` or `detail`.",
      example: "validation_failed",
    }),
    instance: z.string().optional().openapi({ example: "/v1/orgs/org_01J…/events" }),
    rule: z
      .string()
      .optional()
      .openapi({ description: "Number of the tournament rule that was broken.", example: "1.1.11" }),
    errors: z.array(FieldIssueSchema).optional(),
    requestId: z.string().optional().openapi({ description: "Also sent as the X-Request-Id header." }),
    database: z.enum(["full", "read-only", "unavailable"]).optional().openapi({
      description: "With a 503: why the database cannot take the request.",
      example: "full",
    }),
  })
  .openapi("Problem", { description: "RFC 9457 problem details." });

/** A problem+json response: its description and the headers it documents. */
const problem = <H extends object = never>(description: string, headers?: H) => ({
  description,
  headers,
  content: { "application/problem+json": { schema: ProblemSchema } },
});

/** 301 for a merged player's id: `Location` is the same resource of the kept player. */
export const MOVED_PLAYER = problem(
  'The player was merged into another (`code: "player_merged"`): `Location` is the same resource of the kept player.',
  {
    Location: {
      description: "The kept player's resource.",
      schema: { type: "string" as const, example: "/v1/players/ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9" },
    },
  },
);

/** The IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers), sent on every answer. */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": {
    description:
      'The limits that apply to this request: `"<policy>";q=<requests>;w=<seconds>` per policy (see docs/reference/limits.md).',
    schema: { type: "string" as const, example: '"read";q=600;w=60' },
  },
  RateLimit: {
    description:
      'What is left of each policy: `"<policy>";r=<remaining>;t=<seconds until reset>` (omitted on Workers, whose limiter does not say).',
    schema: { type: "string" as const, example: '"read";r=598;t=41' },
  },
};

/** `Retry-After` in seconds, with what the wait is for. */
const retryAfter = (description: string, example: number) => ({
  "Retry-After": { description, schema: { type: "integer" as const, example } },
});

/**
 * The one list of problem responses: the OpenAPI conventions (operation-problems.ts) give each
 * operation those of the statuses its error codes have, so routes declare none by hand.
 */
export const PROBLEM_RESPONSES: Readonly<Record<number, object>> = {
  301: MOVED_PLAYER,
  400: problem("Malformed request: the body is not valid JSON, or a header is malformed."),
  401: problem(
    'No bearer token (`token_required`, `WWW-Authenticate: Bearer realm="catan"`), or one that is invalid or expired (`invalid_token`, `WWW-Authenticate: Bearer realm="catan", error="invalid_token"`).',
  ),
  403: problem("The token is valid but its role may not do this."),
  404: problem("No such resource, or it belongs to an organisation the token cannot see."),
  406: problem(
    "`?format=` names a representation this operation does not have (a CSV is its own operation, `….csv`).",
  ),
  409: problem("The request conflicts with the current state (e.g. the result is already final)."),
  410: problem(
    "The resource is gone for good (e.g. a player merged into another: `Link` names the successor; an export cursor older than the retention window).",
  ),
  412: problem("`If-Match` names a version that is no longer current; re-read and retry."),
  413: problem("The request body is larger than 1 MB."),
  415: problem("The request body has a content type this route does not accept."),
  422: problem(
    "The request is well-formed but breaks a validation or tournament rule; `errors` names each field.",
  ),
  // Every operation counts against a per-client or per-address limit.
  429: problem(
    'Too many requests from this client id (with a token) or address (without): `code: "rate_limited"`; wait `Retry-After` seconds.',
    { ...retryAfter("Seconds until the limit resets.", 42), ...RATE_LIMIT_HEADERS },
  ),
  500: problem("Unexpected server error; quote the `requestId`."),
  503: problem(
    "The database cannot take the request (full, read-only, or failing); retry after `Retry-After` seconds.",
    retryAfter("Seconds to wait before retrying.", 30),
  ),
};
