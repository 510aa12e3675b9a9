import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { storageFailure } from "../../../db/errors";
import { heartbeats } from "../../../db/schema";
import { loggableError } from "../../log-safe";
import { type StorageState, storageProblem } from "../../problem";
import { createRouter } from "../../router";
import * as r from "./health.routes";

/**
 * Pages a database must still be able to take (from its free list or by growing) to be healthy:
 * a result write with its revision, audit row, notifications and index entries needs a few.
 */
const MIN_FREE_PAGES = 32;
/** Free space below which the file system of a local database file counts as full. */
export const DEFAULT_DISK_RESERVE_BYTES = 64 * 2 ** 20;

/**
 * Pages the database can still take: its size limit (`max_page_count`, what Turso or an operator
 * sets) minus its size, plus its free list. Undefined where the server does not answer pragmas.
 */
async function pageHeadroom(db: Database): Promise<number | undefined> {
  try {
    const [row] = await db.all<{ pages: number; free: number; max: number }>(
      sql`select p.page_count as pages, f.freelist_count as free, m.max_page_count as max
        from pragma_page_count() p, pragma_freelist_count() f, pragma_max_page_count() m`,
    );
    return row ? Number(row.max) - Number(row.pages) + Number(row.free) : undefined;
  } catch {
    return undefined;
  }
}

export const healthRouter = createRouter();

/**
 * Healthy means the database takes a write, and has room for the next ones: a read-only file, a
 * removed folder or a replica cut off from its primary still answers `select 1` while every
 * write fails, and a full disk still takes an update in place (the heartbeat) while every write
 * that needs a new page fails. So three checks at once: one upserted heartbeat row (the table
 * never grows), the pages left under the size limit, and on a local file the file system's
 * free space.
 */
healthRouter.openapi(r.getHealth, async (c) => {
  const db = c.get("db");
  const { storage } = c.get("deps");
  const time = c.get("clock")().toISOString();
  if (c.req.valid("query").check === "live") {
    return c.json({ status: "ok" as const, database: "not_checked" as const, time }, 200);
  }
  const [written, headroom, diskFree] = await Promise.all([
    db
      .insert(heartbeats)
      .values({ id: "health", beatAt: time })
      .onConflictDoUpdate({ target: heartbeats.id, set: { beatAt: time } })
      .then(
        () => null,
        (error: unknown) => error ?? new Error("write failed"),
      ),
    pageHeadroom(db),
    storage.diskFreeBytes?.().catch(() => undefined),
  ]);
  const reserve = storage.diskReserveBytes ?? DEFAULT_DISK_RESERVE_BYTES;
  let state: StorageState | undefined;
  let detail: string | undefined;
  if (written) {
    state =
      storageFailure(written) ??
      (await db.run(sql`select 1`).then(
        () => "read-only" as const,
        () => "unavailable" as const,
      ));
  } else if (headroom !== undefined && headroom < MIN_FREE_PAGES) {
    state = "full";
    detail = `The database can take ${Math.max(0, headroom)} more pages under its size limit (max_page_count); writes that need more fail.`;
  } else if (diskFree !== undefined && diskFree < reserve) {
    state = "full";
    detail = `The database's file system has ${Math.floor(diskFree / 2 ** 20)} MiB free, under the ${Math.floor(reserve / 2 ** 20)} MiB reserve: free space before writes fail.`;
  }
  if (state) {
    c.get("logger").error("health check failed", {
      requestId: c.get("requestId"),
      database: state,
      ...(written ? loggableError(written) : { headroom, diskFree }),
    });
    // The route's typed responses cover JSON bodies only; a problem+json answer is a plain Response.
    return storageProblem(c, state, detail) as never;
  }
  return c.json({ status: "ok" as const, database: "ok" as const, time }, 200);
});
