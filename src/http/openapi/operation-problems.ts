/**
 * Error `code`s as an enum per operation and status, so a typed client can `switch` over the
 * codes of a response exhaustively. An operation's codes are
 * - the ones the middleware answers, derived from what the operation is (a token, a JSON body,
 *   a POST under /v1, If-Match…): `sharedCodes`;
 * - the ones its handler and services raise: found where src/ raises them (written as data to
 *   openapi/problem-codes.json by `npm run openapi:codes`), and declared where that derivation
 *   cannot see (operation-codes.ts).
 * Each code's status is the catalogue's (problem-codes.ts), so the codes decide which problem
 * statuses an operation documents; test/openapi/fuzz-api.test.ts fails on any answer outside them.
 */

import derivedCodes from "../../../openapi/problem-codes.json";
import { TOKEN_ERROR_CODES, TOKEN_PATH } from "../token-errors";
import { DECLARED_CODES } from "./operation-codes";
import { PROBLEM_CODES, type ProblemCode } from "./problem-codes";
import { PROBLEM_RESPONSES } from "./problem-schemas";

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
export type Json = any;

/** operationId → the codes its handler can raise (scripts/derive-problem-codes.ts). */
export const DERIVED_CODES = derivedCodes as Readonly<Record<string, readonly ProblemCode[]>>;

const PROBLEM_JSON = "application/problem+json";
const PROBLEM_REF = "#/components/schemas/Problem";

/** Codes some middleware (or the error boundary) answers on every operation of a kind. */
function sharedCodes(path: string, method: string, op: Json): ProblemCode[] {
  // The token endpoint checks its request itself: its codes are one list (token-errors.ts).
  if (path === TOKEN_PATH) return [...TOKEN_ERROR_CODES];
  // Any operation may meet a database that fails; only a write meets a full or read-only one.
  const codes: ProblemCode[] = ["rate_limited", "internal_error", "database_unavailable"];
  // A write naming a row another request removed or merged meanwhile (problem.ts).
  if (method !== "get" && method !== "head")
    codes.push("database_full", "database_read_only", "concurrent_update");
  const jsonBody = !!op.requestBody?.content?.["application/json"];
  if (jsonBody) codes.push("payload_too_large");
  const security: Json[] = op.security ?? [];
  const parameters: Json[] = op.parameters ?? [];
  const acceptsToken = security.some((s) => Object.keys(s).length > 0);
  // A device's session cookie is accepted wherever a token is (middleware/device-session.ts).
  if (acceptsToken) codes.push("invalid_token", "device_session_ended");
  if (acceptsToken && method !== "get" && method !== "head") codes.push("cross_site_request");
  if (acceptsToken && !security.some((s) => Object.keys(s).length === 0)) codes.push("token_required");
  if (jsonBody) codes.push("bad_request", "unsupported_media_type");
  const v1 = path.startsWith("/v1/");
  // Path and query parameters are checked; under /v1 every query value and string is checked for
  // text that cannot be stored (middleware/text-hygiene.ts).
  if (jsonBody || parameters.some((p: Json) => p.in === "path" || p.in === "query") || v1) {
    codes.push("validation_failed");
  }
  if (v1) codes.push("invalid_text");
  // `?format=` on a read that does not take it (middleware/format.ts).
  const takesFormat = parameters.some((p: Json) => p.in === "query" && p.name === "format");
  if (v1 && method === "get" && !takesFormat && !path.endsWith(".csv")) codes.push("format_not_offered");
  if (v1 && (method === "post" || method === "put")) {
    codes.push(
      "invalid_idempotency_key",
      "idempotency_key_reused",
      "idempotent_request_in_progress",
      "idempotent_request_committed",
    );
  }
  if (parameters.some((p: Json) => p.in === "header" && /^if-match$/i.test(p.name))) {
    codes.push("invalid_if_match", "version_mismatch");
  }
  return codes;
}

/** The status a code is answered with: the catalogue's, but a merged player's id redirects on reads. */
export function statusOfCode(code: ProblemCode, method: string): number {
  if (code === "player_merged" && method === "get") return 301;
  return PROBLEM_CODES[code].status;
}

/** Every code an operation documents, by status, in catalogue order. */
export function operationCodes(path: string, method: string, op: Json): Map<number, ProblemCode[]> {
  const all = new Set<ProblemCode>([
    ...sharedCodes(path, method, op),
    ...(DERIVED_CODES[op.operationId] ?? []),
    ...(DECLARED_CODES[op.operationId] ?? []),
  ]);
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of Object.keys(PROBLEM_CODES) as ProblemCode[]) {
    if (!all.has(code)) continue;
    const status = statusOfCode(code, method);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

function problemSchema(codes: readonly ProblemCode[]): Json {
  return {
    allOf: [
      { $ref: PROBLEM_REF },
      {
        type: "object",
        required: ["code"],
        properties: {
          code: {
            type: "string",
            enum: [...codes],
            description:
              "Every code this operation answers with this status; GET /problems/{code} explains each.",
          },
        },
      },
    ],
  };
}

const isProblemResponse = (response: Json): boolean => !!response?.content?.[PROBLEM_JSON];

/**
 * Gives each problem response of an operation the enum of its codes, adds the statuses its codes
 * need and drops problem statuses none of its codes has (they were promises nothing keeps).
 */
export function applyOperationProblems(path: string, method: string, op: Json): void {
  const byStatus = operationCodes(path, method, op);
  for (const [status, response] of Object.entries<Json>(op.responses)) {
    if (isProblemResponse(response) && !byStatus.has(Number(status))) delete op.responses[status];
  }
  // An operation whose errors have a shape of their own (the token endpoint's, with OAuth's
  // fields) declares it on one error status; every error status then gets that one shape, so a
  // typed client's error is one type, not a union to narrow.
  const ownShape = Object.entries<Json>(op.responses).find(
    ([status, response]) => Number(status) >= 400 && response?.content && !isProblemResponse(response),
  )?.[1].content;
  for (const [status, codes] of byStatus) {
    const existing = op.responses[status];
    op.responses[status] = {
      ...(existing ?? PROBLEM_RESPONSES[status] ?? { description: "A problem." }),
      content: ownShape ? structuredClone(ownShape) : { [PROBLEM_JSON]: { schema: problemSchema(codes) } },
    };
  }
}
