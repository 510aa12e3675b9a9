import { and, asc, desc, gt, lt, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";

/** The list convention of every list route: `?limit=` (default 50, max 500) and an opaque `?cursor=`. */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 500;

export interface PageRequest {
  limit: number;
  /** The page after this cursor (forward, the REST way). */
  cursor?: string;
  /**
   * Backward (GraphQL's `last`): the `limit` items just before `before`, or the list's last
   * `limit` items without it; still in list order.
   */
  backward?: boolean;
  before?: string;
  /** Count the whole list too (GraphQL's `totalCount`): one more query, only when asked. */
  withTotal?: boolean;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  /** Backward pages only: the cursor before this page's first item while more come before it. */
  previousCursor?: string | null;
  /** Only when the request asked `withTotal`: the items of the whole list, every page. */
  totalCount?: number;
}

const CURSOR_PREFIX = "v1:";

/** Cursors wrap the last id seen; ids are ULID-like, so they sort by creation. */
export function encodeCursor(lastId: string): string {
  return btoa(CURSOR_PREFIX + lastId)
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The id inside a cursor, or null when the string is not a cursor this API produced. */
export function decodeCursor(cursor: string): string | null {
  try {
    const text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    return text.startsWith(CURSOR_PREFIX) && text.length > CURSOR_PREFIX.length
      ? text.slice(CURSOR_PREFIX.length)
      : null;
  } catch {
    return null;
  }
}

/** The keyset condition of the page: after the cursor, or before `before` (none on a first or last page). */
export function afterCursor(idColumn: SQLWrapper, page: PageRequest): SQL | undefined {
  if (page.backward) {
    const beforeId = page.before ? decodeCursor(page.before) : null;
    return beforeId ? lt(idColumn, beforeId) : undefined;
  }
  const lastId = page.cursor ? decodeCursor(page.cursor) : null;
  return lastId ? gt(idColumn, lastId) : undefined;
}

/** The order the page's rows are read in: by id, from the end for a backward page. */
export function pageOrder(idColumn: SQLWrapper, page: PageRequest): SQL {
  return page.backward ? desc(idColumn) : asc(idColumn);
}

/**
 * Runs `fetch(limit + 1)` (ordered by `pageOrder`, past the cursor): the extra row only tells
 * whether another page follows (or, backward, comes before). `count`, given the list's filters
 * without the cursor, answers `totalCount` when the request asks for it.
 */
export async function paginate<R extends { id: string }, D>(
  page: PageRequest,
  fetch: (limit: number) => Promise<R[]>,
  map: (row: R) => D,
  count?: () => Promise<number>,
): Promise<Page<D>> {
  const [rows, totalCount] = await Promise.all([
    fetch(page.limit + 1),
    page.withTotal && count ? count() : undefined,
  ]);
  const more = rows.length > page.limit;
  const total = totalCount === undefined ? {} : { totalCount };
  if (page.backward) {
    const data = rows.slice(0, page.limit).reverse();
    const first = data[0];
    const last = data.at(-1);
    return {
      data: data.map(map),
      // Backward, what follows is known from `before` (the connection's hasNextPage).
      nextCursor: last ? encodeCursor(last.id) : null,
      previousCursor: more && first ? encodeCursor(first.id) : null,
      ...total,
    };
  }
  const data = rows.slice(0, page.limit);
  const last = data.at(-1);
  return { data: data.map(map), nextCursor: more && last ? encodeCursor(last.id) : null, ...total };
}

/** A REST list of one table's rows matching `where`: forward pages in id order, each row mapped. */
export function paginateRows<T extends SQLiteTable & { id: SQLiteColumn }, D>(
  db: Database,
  page: PageRequest,
  table: T,
  where: SQL,
  map: (row: T["$inferSelect"]) => D,
): Promise<Page<D>> {
  return paginate(
    page,
    (limit) =>
      // Drizzle types the rows of a generic table loosely: they are the table's rows.
      db
        .select()
        .from(table as SQLiteTable)
        .where(and(where, afterCursor(table.id, page)))
        .orderBy(asc(table.id))
        .limit(limit) as unknown as Promise<(T["$inferSelect"] & { id: string })[]>,
    map,
  );
}
