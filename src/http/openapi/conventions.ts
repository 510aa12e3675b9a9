/**
 * What the middleware does for every route, written into the OpenAPI document once, so a new
 * route is documented the moment it is mounted:
 * - `If-None-Match` (and the 304, the ETag) on JSON reads under /v1 (middleware/etag.ts);
 * - `Link: <…>; rel="next"` on reads that answer a page (middleware/pagination-links.ts);
 * - `Idempotency-Key` on POST and PUT under /v1 (middleware/idempotency.ts);
 * - the problem `code`s of each operation as an enum per status (operation-problems.ts).
 */
import { TOKEN_PATH } from "../token-errors";
import { NOT_MODIFIED } from "./common-schemas";
import { applyOperationProblems, type Json } from "./operation-problems";

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

const SHARED_PARAMETERS = {
  IfNoneMatch: {
    name: "If-None-Match",
    in: "header",
    required: false,
    description:
      "The `ETag` of your last copy: 304 with no body while it is current. Poll with it: a 304 costs no bandwidth.",
    schema: { type: "string", example: 'W/"9f2c1e0a7b3d5c6e8f901a2b"' },
  },
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Any unique string (1–200 characters, e.g. a UUID) per intended change: a retry with the same key replays the first response (`Idempotent-Replayed: true`); the same key with another body is a 422.",
    schema: { type: "string", minLength: 1, maxLength: 200, example: "b6f2d4e8-5c1a-4f0e-9a7d-3e2c1b0a9f8e" },
  },
} as const;

const ETAG_HEADER = {
  description: "Send it back in `If-None-Match` to poll cheaply (and in `If-Match` where a write takes it).",
  schema: { type: "string" },
};

const LINK_HEADER = {
  description:
    'RFC 8288 `<…?cursor=…>; rel="next"` while there is a next page: the same request with `cursor` set to `nextCursor`.',
  schema: {
    type: "string",
    example: '<https://api.example.org/v1/orgs/org_01J…/players?limit=50&cursor=djE6…>; rel="next"',
  },
};

/** A page schema: its `nextCursor` can be a string (lists that are always one page have `null`). */
function isPage(doc: Json, schema: Json): boolean {
  const resolved = schema?.$ref ? doc.components?.schemas?.[String(schema.$ref).split("/").pop()!] : schema;
  const next = resolved?.properties?.nextCursor;
  if (!next) return false;
  const types = [next.type].flat();
  return types.includes("string") || (next.anyOf ?? []).some((s: Json) => s.type === "string");
}

function withHeader(op: Json, ref: keyof typeof SHARED_PARAMETERS): void {
  const name = SHARED_PARAMETERS[ref].name;
  op.parameters = [
    ...(op.parameters ?? []).filter(
      (p: Json) => !(p.in === "header" && String(p.name).toLowerCase() === name.toLowerCase()),
    ),
    // Inline, not a $ref: tools and tests that read `parameters` see the same shape everywhere.
    structuredClone(SHARED_PARAMETERS[ref]),
  ];
}

/** Applies the conventions to a generated document, in place; returns it. */
export function applyConventions(doc: Json): Json {
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const v1 = path.startsWith("/v1/") && path !== TOKEN_PATH;
      op.responses ??= {};
      const ok = op.responses["200"];
      if (v1 && method === "get" && (ok?.content?.["application/json"] || ok?.content?.["text/csv"])) {
        withHeader(op, "IfNoneMatch");
        ok.headers = { ETag: ETAG_HEADER, ...ok.headers };
        op.responses["304"] ??= { ...NOT_MODIFIED, headers: { ETag: ETAG_HEADER } };
      }
      if (v1 && method === "get" && isPage(doc, ok?.content?.["application/json"]?.schema)) {
        ok.headers = { ...ok.headers, Link: LINK_HEADER };
      }
      if (v1 && (method === "post" || method === "put")) withHeader(op, "IdempotencyKey");
      applyOperationProblems(path, method, op);
      op.responses = sortResponses(op.responses);
    }
  }
  return doc;
}

const sortResponses = (responses: Record<string, Json>) =>
  Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
