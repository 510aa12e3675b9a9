/**
 * How the console changes anything: it sends the REST request a third-party frontend would send,
 * through the whole app (authentication by the device's cookie, rate limits, idempotency, text
 * rules, validation, the handler and its problem codes), and reads the answer. The console never
 * calls a service to write: what it can do, the API can do.
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";

/** The app the console sends its requests to (itself). */
export interface ApiApp {
  fetch(request: Request, env?: unknown, executionCtx?: unknown): Response | Promise<Response>;
}

export interface ApiProblem {
  status: number;
  code: string;
  title?: string;
  detail?: string;
  rule?: string;
  errors?: { path: string; message: string }[];
}

export type ApiAnswer =
  // biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are the API's, read where used
  | { ok: true; status: number; body: any; headers: Headers }
  | { ok: false; status: number; problem: ApiProblem; headers: Headers };

export interface ApiCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  idempotencyKey?: string | undefined;
  ifMatch?: string | undefined;
}

/** Headers of the reader's request that the API reads too (address behind a proxy, language). */
const FORWARDED = [
  "cookie",
  "accept-language",
  "user-agent",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "cf-connecting-ip",
];

function executionContextOf(c: Context<AppEnv>): unknown {
  try {
    return c.executionCtx;
  } catch {
    // Node has none.
    return undefined;
  }
}

/** What a header can carry: no NUL, no line break, no character past U+00FF. */
const HEADER_VALUE = /^[^\0\r\n\u0100-\uffff]*$/;

function malformed(code: string, detail: string): ApiAnswer {
  return { ok: false, status: 400, problem: { status: 400, code, detail }, headers: new Headers() };
}

/**
 * One API request on behalf of the console's reader: their cookie, and this site as its origin
 * (the console's own form was checked to come from this site before this runs).
 */
export async function callApi(app: ApiApp, c: Context<AppEnv>, call: ApiCall): Promise<ApiAnswer> {
  // A form's key and If-Match become headers: a value no header can carry is refused as the API
  // refuses a malformed one (new Headers() would throw, a 500).
  if (call.idempotencyKey && !HEADER_VALUE.test(call.idempotencyKey))
    return malformed("invalid_idempotency_key", "Idempotency-Key must be 1 to 200 characters.");
  if (call.ifMatch && !HEADER_VALUE.test(call.ifMatch))
    return malformed(
      "invalid_if_match",
      'If-Match must be a result version as sent in the ETag header, e.g. "3".',
    );
  const url = new URL(call.path, c.req.url);
  const headers = new Headers({ accept: "application/json", origin: url.origin });
  for (const name of FORWARDED) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  if (call.body !== undefined) headers.set("content-type", "application/json");
  if (call.idempotencyKey) headers.set("idempotency-key", call.idempotencyKey);
  if (call.ifMatch) headers.set("if-match", call.ifMatch);
  const request = new Request(url, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const res = await app.fetch(request, c.env, executionContextOf(c));
  const text = await res.text();
  const body = text && /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(text) : null;
  if (res.ok) return { ok: true, status: res.status, body, headers: res.headers };
  const problem: ApiProblem =
    body && typeof body.code === "string"
      ? { ...body, status: res.status }
      : { status: res.status, code: res.status >= 500 ? "internal_error" : "bad_request" };
  return { ok: false, status: res.status, problem, headers: res.headers };
}
