import type { InArgs } from "@libsql/client";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { sha256 } from "hono/utils/crypto";
import type { Database } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { type MarkedDatabase, markWrites } from "../../db/write-marker";
import type { AppEnv } from "../context";
import { RACE_LOST_CODES } from "../openapi/problem-codes";
import { problemResponse } from "../problem";
import { TOKEN_PATH } from "../token-errors";

/** Headers worth replaying with a stored response. */
const REPLAYED_HEADERS = ["content-type", "etag", "location"];
const IN_PROGRESS = 0;
/** A stored answer is replayed for a day, then the key may be used afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claimed key stays "in progress" without an answer. No request runs this long (a
 * GraphQL query stops at 5 s, writes are one batch), so a claim older than this belongs to a
 * process that died: a retry takes it over and runs again.
 */
export const IDEMPOTENCY_LEASE_MS = 30 * 1000;

/**
 * Start-up sweep: drops answers older than a day and claims whose lease lapsed. `releaseAll`
 * also drops every claim still in progress: right for a local database file, which only this
 * (just started) process writes, so any claim in it was left by a crash. A claim whose write
 * committed stays for its day whatever happens: dropping it would let a retry write again.
 */
export async function sweepIdempotencyKeys(db: Database, now: Date, options: { releaseAll?: boolean } = {}) {
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const lapsed = new Date(now.getTime() - IDEMPOTENCY_LEASE_MS).toISOString();
  const inProgress = and(eq(idempotencyKeys.status, IN_PROGRESS), isNull(idempotencyKeys.committedAt));
  await db
    .delete(idempotencyKeys)
    .where(
      or(
        lt(idempotencyKeys.createdAt, expired),
        options.releaseAll ? inProgress : and(inProgress, lt(idempotencyKeys.createdAt, lapsed)),
      ),
    );
}

/**
 * `Idempotency-Key` on POST and PUT: the first response is stored per client and key
 * and replayed for retries for 24 hours; the same key with another request is a 422. A claim
 * row is written before the handler runs, so two concurrent retries cannot both execute; a
 * claim whose lease lapsed (the process died mid-request) is taken over by the next retry,
 * which runs the request again (result writes are race-safe; client creation finds the client
 * the key already created and answers 409 naming it, never a second secret).
 *
 * Every write of the request carries, in its own transaction, a mark on the claim (write-marker.ts):
 * so a claim left without an answer (the process died between the commit and storing the
 * answer) says whether its write committed. If it did, a retry runs the request again with
 * writes refused: a request that finds its change already applied (a result sheet already
 * recorded, RFC 9110 §13.1.1) answers as the first would have; one that would have to write
 * again answers 409 idempotent_request_committed, never a second write.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("idempotency-key");
  const actor = c.get("actor");
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
  const db = c.get("db");
  const now = c.get("clock")();
  const requestHash = (await sha256(`${c.req.method} ${c.req.path}\n${await c.req.text()}`))!;
  const where = and(eq(idempotencyKeys.clientId, actor.clientId), eq(idempotencyKeys.key, key));
  // The row that claims a key: in progress, no answer, no committed write yet.
  const claim: Claim = {
    method: c.req.method,
    path: c.req.path,
    requestHash,
    status: IN_PROGRESS,
    responseBody: "",
    responseHeaders: {},
    committedAt: null,
    createdAt: now.toISOString(),
  };
  // A key that already has a row (an earlier request's) is not claimed here, but settled.
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ clientId: actor.clientId, key, ...claim })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const outcome =
    claimed.length > 0 ? { committed: false } : await settleExistingClaim(c, db, where, claim, now);
  if (outcome instanceof Response) return outcome;

  c.set("idempotencyKey", `${actor.clientId}:${key}`);
  const marked = markedDatabase(db, where, now, outcome.committed);
  c.set("db", marked.db);
  await next();
  c.set("db", db);
  await storeAnswer(db, where, c.res, { committedBefore: outcome.committed, marked });
};

/** Selects the client's row for the key. */
type KeyWhere = ReturnType<typeof and>;
type Claim = Omit<typeof idempotencyKeys.$inferInsert, "clientId" | "key">;

/**
 * A key that already has a row: the answer to send instead of running the request (a replay or
 * a problem), or the go-ahead to run it, with writes refused (`committed`) when the earlier
 * attempt's write committed but its answer was lost.
 */
async function settleExistingClaim(
  c: Context<AppEnv>,
  db: Database,
  where: KeyWhere,
  claim: Claim,
  now: Date,
): Promise<Response | { committed: boolean }> {
  const [stored] = await db.select().from(idempotencyKeys).where(where);
  if (!stored) return problemResponse(c, inProgressProblem);
  const age = now.getTime() - Date.parse(stored.createdAt);
  const uncommitted = stored.status === IN_PROGRESS && stored.committedAt === null;
  const stale = uncommitted ? age >= IDEMPOTENCY_LEASE_MS : age >= IDEMPOTENCY_TTL_MS;
  if (stale) {
    // Compare-and-set on the old claim time: of two retries taking over, one wins.
    const taken = await db
      .update(idempotencyKeys)
      .set(claim)
      .where(and(where, eq(idempotencyKeys.createdAt, stored.createdAt)))
      .returning({ key: idempotencyKeys.key });
    return taken.length === 0 ? problemResponse(c, inProgressProblem) : { committed: false };
  }
  if (stored.requestHash !== claim.requestHash) {
    return problemResponse(c, {
      status: 422,
      code: "idempotency_key_reused",
      detail:
        "This Idempotency-Key was already used with a different request; use a new key for a new request.",
    });
  }
  if (uncommitted) return problemResponse(c, inProgressProblem);
  // Its write committed, its answer was lost: run again, with writes refused.
  if (stored.status === IN_PROGRESS) return { committed: true };
  return new Response(stored.responseBody, {
    status: stored.status,
    headers: {
      ...stored.responseHeaders,
      "idempotent-replayed": "true",
      "x-request-id": c.get("requestId"),
    },
  });
}

/** The request's database, whose every write also marks the claim committed in its transaction. */
function markedDatabase(db: Database, where: KeyWhere, now: Date, refuseWrites: boolean): MarkedDatabase {
  const marker = db.update(idempotencyKeys).set({ committedAt: now.toISOString() }).where(where).toSQL();
  return markWrites(db.$client, { sql: marker.sql, args: marker.params as InArgs }, { refuseWrites });
}

/**
 * Stores the handler's answer for retries. `committedBefore`: an earlier attempt's write
 * committed (this one ran with writes refused); `marked`: whether this attempt's write did.
 */
async function storeAnswer(
  db: Database,
  where: KeyWhere,
  response: Response,
  { committedBefore, marked }: { committedBefore: boolean; marked: MarkedDatabase },
) {
  // A server failure is not an answer, nor is a race lost (its 409 says to send the request
  // again), nor a 412 (If-Match is not part of the stored request, so the retry that names the
  // version it re-read must run): let the client retry the same key. A `no-store` response
  // carries a secret shown once (a new client's secret): never stored; a retry runs again and the
  // service answers 409 naming what this key already created. Once a write committed the claim
  // stays, marked: the retry must not write again.
  if (
    response.status >= 500 ||
    response.status === 412 ||
    /\bno-store\b/i.test(response.headers.get("cache-control") ?? "") ||
    (await lostRace(response))
  ) {
    if (!committedBefore && !marked.committed) await db.delete(idempotencyKeys).where(where);
    return;
  }
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((name) =>
      response.headers.has(name) ? [[name, response.headers.get(name)!]] : [],
    ),
  );
  // A retry keeps its answer only if none was stored meanwhile (by a first request that was
  // only slow): the first's own answer wins.
  await db
    .update(idempotencyKeys)
    .set({ status: response.status, responseBody: await response.clone().text(), responseHeaders: headers })
    .where(committedBefore ? and(where, eq(idempotencyKeys.status, IN_PROGRESS)) : where);
}

async function lostRace(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const problem = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof problem?.code === "string" && RACE_LOST_CODES.has(problem.code);
}

const inProgressProblem = {
  status: 409,
  code: "idempotent_request_in_progress",
  detail: `The first request with this Idempotency-Key is still running; retry shortly (a request cut off by a crash can be retried after ${IDEMPOTENCY_LEASE_MS / 1000} s).`,
};
