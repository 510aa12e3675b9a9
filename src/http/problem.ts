import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError, z } from "zod";
import { isReferenceError, storageFailure } from "../db/errors";
import { isWriteAlreadyCommitted } from "../db/write-marker";
import { DomainRuleError } from "../domain/errors";
import { OAuthError } from "../services/auth";
import { type FieldIssue, ServiceError, type ServiceErrorKind } from "../services/errors";
import type { Logger } from "./context";
import { loggableError } from "./log-safe";
import { PROBLEM_TYPE_BASE, problemSlug } from "./openapi/problem-codes";
import type { ProblemSchema } from "./openapi/problem-schemas";
import { httpPort } from "./origin";
import { NO_STORE, oauthErrorOf, TOKEN_PATH } from "./token-errors";

const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * `type` of a problem: the API's own page about the code (GET /problems/{code}), absolute on
 * PUBLIC_URL when the deployment sets it, else the documented relative base. Never the Host a
 * request named: a type identifies the problem, and must not change with the address used.
 */
function problemTypeUri(c: Context, code: string): string {
  const publicUrl = httpPort(c)?.publicUrl?.replace(/\/+$/, "");
  return `${publicUrl ?? ""}${PROBLEM_TYPE_BASE}/${problemSlug(code)}`;
}

/** A problem+json body, as the document's Problem schema states it. */
type Problem = z.infer<typeof ProblemSchema>;

/** Why the database cannot take a request now (see storageProblem). */
export type StorageState = NonNullable<Problem["database"]>;

/**
 * Seconds a client waits before retrying a request the database refused: someone has to free
 * space or fix the file, but a retry costs one request.
 */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** The 503 of a database that cannot take the request, with Retry-After. */
export function storageProblem(c: Context, state: StorageState, detail?: string): Response {
  const problem = {
    full: {
      code: "database_full",
      detail:
        "The database is full (its disk, or its size limit): the request was not stored. Retry once space is freed.",
    },
    "read-only": {
      code: "database_read_only",
      detail:
        "The database answers reads but refuses writes (a read-only file, a missing folder, or a replica without its primary).",
    },
    unavailable: { code: "database_unavailable", detail: "The database does not answer (an I/O error)." },
  }[state];
  return problemResponse(
    c,
    { status: 503, code: problem.code, detail: detail ?? problem.detail, database: state },
    { "retry-after": String(STORAGE_RETRY_AFTER_SECONDS) },
  );
}

export const STATUS_OF: Record<ServiceErrorKind, ContentfulStatusCode> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  moved: 301,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  too_large: 413,
  rate_limited: 429,
  unsupported_media_type: 415,
  invalid: 422,
  bad_gateway: 502,
};

const TITLES: Record<number, string> = {
  301: "Moved Permanently",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

const CODE_OF_STATUS: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  500: "internal_error",
};

export function problemResponse(
  c: Context,
  problem: Omit<Problem, "type" | "title" | "instance">,
  headers?: Record<string, string>,
): Response {
  const requestId = c.get("requestId") as string | undefined;
  const body: Problem = {
    type: problemTypeUri(c, problem.code),
    title: TITLES[problem.status] ?? "Error",
    ...problem,
    instance: c.req.path,
    ...(requestId ? { requestId } : {}),
  };
  // The token endpoint's clients speak OAuth: the same problem, with OAuth's fields, as JSON.
  const token = c.req.path === TOKEN_PATH;
  const sent = token
    ? { ...body, error: oauthErrorOf(body.code, body.status), error_description: body.detail }
    : body;
  return new Response(JSON.stringify(sent), {
    status: problem.status,
    headers: {
      "content-type": token ? "application/json" : PROBLEM_CONTENT_TYPE,
      ...(token ? NO_STORE : {}),
      ...(requestId ? { "x-request-id": requestId } : {}),
      ...headers,
    },
  });
}

/** zod issues → `[{ path, message }]` with JSON-pointer-like dotted paths (`scores[2].vp`). */
export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.reduce<string>(
      (acc, part) =>
        typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part),
      "",
    ),
    message: issue.message,
  }));
}

export function validationProblem(c: Context, error: ZodError, target: string): Response {
  const errors = zodIssues(error).map((issue) => ({ ...issue, path: issue.path || target }));
  return problemResponse(c, {
    status: 422,
    code: "validation_failed",
    detail: `The request ${target} is not valid: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`,
    errors,
  });
}

/** The single place where thrown errors become HTTP responses. Never leaks stack traces or SQL. */
export function errorToResponse(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof ServiceError) {
    return problemResponse(
      c,
      {
        status: STATUS_OF[error.kind],
        code: error.code,
        detail: error.message,
        ...(error.details.rule ? { rule: error.details.rule } : {}),
        ...(error.details.issues ? { errors: error.details.issues } : {}),
      },
      error.details.headers,
    );
  }
  if (error instanceof DomainRuleError) {
    return problemResponse(c, {
      status: 422,
      code: error.code,
      detail: error.message,
      rule: error.rule,
      errors: error.issues,
    });
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = CODE_OF_STATUS[status] ?? (status >= 500 ? "internal_error" : "http_error");
    const detail =
      status === 413
        ? "The request body is larger than the 1 MB limit."
        : error.message || TITLES[status] || "Error";
    // Keep headers such as WWW-Authenticate, but never the exception's own text/plain content type.
    const headers = Object.fromEntries(
      [...error.getResponse().headers].filter(([name]) => name !== "content-type"),
    );
    return problemResponse(c, { status, code, detail }, headers);
  }
  const requestId = c.get("requestId") as string | undefined;
  if (error instanceof OAuthError) {
    // A wrong secret is the caller's mistake, not ours: one short info line, no stack (the token
    // route's boundary turns the error into its OAuth answer).
    logger.info("token request refused", { requestId, error: error.error });
    return problemResponse(c, { status: error.status, code: error.error, detail: error.description });
  }
  if (isWriteAlreadyCommitted(error)) {
    return problemResponse(c, {
      status: 409,
      code: "idempotent_request_committed",
      detail:
        "The first request with this Idempotency-Key was stored, but its answer was lost (the server stopped in between); it is not run twice. Read what it created or changed.",
    });
  }
  if (isReferenceError(error)) {
    return problemResponse(c, {
      status: 409,
      code: "concurrent_update",
      detail:
        "A record this request names was removed or merged by another request while it ran, so nothing was written; read it again and retry.",
    });
  }
  const storage = storageFailure(error);
  if (storage) {
    // Not a bug of ours, but an operator must act: logged as an error.
    logger.error("database refused the request", { requestId, database: storage, ...loggableError(error) });
    return storageProblem(c, storage);
  }
  logger.error("unhandled error", { requestId, ...loggableError(error) });
  return problemResponse(c, {
    status: 500,
    code: "internal_error",
    detail: "An unexpected error occurred. Quote the request id when reporting it.",
  });
}
