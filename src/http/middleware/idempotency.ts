import { and, eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { isConstraintError } from "../../db/errors";
import { idempotencyKeys } from "../../db/schema";
import type { AppEnv } from "../context";
import { problemResponse } from "../problem";
import { TOKEN_PATH } from "./auth";

/** Headers worth replaying with a stored response. */
const REPLAYED_HEADERS = ["content-type", "etag", "location"];
const IN_PROGRESS = 0;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `Idempotency-Key` on POST and PUT (API.md): the first response is stored per client and key
 * and replayed for retries; the same key with another request is a 422. A placeholder row is
 * claimed before the handler runs, so two concurrent retries cannot both execute.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("idempotency-key");
  const actor = c.var.actor;
  if (
    key === undefined ||
    (c.req.method !== "POST" && c.req.method !== "PUT") ||
    c.req.path === TOKEN_PATH ||
    actor.kind !== "client"
  ) {
    return next();
  }
  if (key.length < 1 || key.length > 200) {
    return problemResponse(c, {
      status: 400,
      code: "invalid_idempotency_key",
      detail: "Idempotency-Key must be 1 to 200 characters.",
    });
  }
  const db = c.var.db;
  const requestHash = await sha256Hex(`${c.req.method} ${c.req.path}\n${await c.req.text()}`);
  const where = and(eq(idempotencyKeys.clientId, actor.clientId), eq(idempotencyKeys.key, key));

  try {
    await db.insert(idempotencyKeys).values({
      clientId: actor.clientId,
      key,
      method: c.req.method,
      path: c.req.path,
      requestHash,
      status: IN_PROGRESS,
      responseBody: "",
      responseHeaders: {},
      createdAt: c.var.clock().toISOString(),
    });
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    const [stored] = await db.select().from(idempotencyKeys).where(where);
    if (!stored) throw error;
    if (stored.requestHash !== requestHash) {
      return problemResponse(c, {
        status: 422,
        code: "idempotency_key_reused",
        detail:
          "This Idempotency-Key was already used with a different request; use a new key for a new request.",
      });
    }
    if (stored.status === IN_PROGRESS) {
      return problemResponse(c, {
        status: 409,
        code: "idempotent_request_in_progress",
        detail: "The first request with this Idempotency-Key is still running; retry shortly.",
      });
    }
    return new Response(stored.responseBody, {
      status: stored.status,
      headers: { ...stored.responseHeaders, "idempotent-replayed": "true", "x-request-id": c.var.requestId },
    });
  }

  await next();
  const response = c.res;
  // A server failure is not an answer: let the client retry the same key. A `no-store` response
  // carries a secret shown once (a new client's secret): never stored, never replayed.
  if (response.status >= 500 || /\bno-store\b/i.test(response.headers.get("cache-control") ?? "")) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((name) =>
      response.headers.has(name) ? [[name, response.headers.get(name)!]] : [],
    ),
  );
  await db
    .update(idempotencyKeys)
    .set({ status: response.status, responseBody: await response.clone().text(), responseHeaders: headers })
    .where(where);
};
