import { gt, type SQL, type SQLWrapper } from "drizzle-orm";

/** The list convention of every list route: `?limit=` (default 50, max 500) and an opaque `?cursor=`. */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 500;

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
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

/** The keyset condition for the page after the cursor (undefined on the first page). */
export function afterCursor(idColumn: SQLWrapper, page: PageRequest): SQL | undefined {
  const lastId = page.cursor ? decodeCursor(page.cursor) : null;
  return lastId ? gt(idColumn, lastId) : undefined;
}

/**
 * Runs `fetch(limit + 1)` (ordered by id ascending, after the cursor): the extra row only
 * tells whether a next page exists.
 */
export async function paginate<R extends { id: string }, D>(
  page: PageRequest,
  fetch: (limit: number) => Promise<R[]>,
  map: (row: R) => D,
): Promise<Page<D>> {
  const rows = await fetch(page.limit + 1);
  const data = rows.slice(0, page.limit);
  const last = data.at(-1);
  return { data: data.map(map), nextCursor: rows.length > page.limit && last ? encodeCursor(last.id) : null };
}
