import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** `column` is the organisation or one of its descendants, inline (no extra round trip). */
export function inOrgTree(column: SQLWrapper, orgId: string): SQL {
  return sql`${column} in (with recursive tree(id) as (
      select ${orgId} union select o.id from organizations o join tree t on o.parent_org_id = t.id
    ) select id from tree)`;
}

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable tag for an ETag; not a security boundary. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
