import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * A scalar subquery giving the JSON array of an organisation and all its ancestors, so a
 * resource and everything needed to authorise reading it come back in one round trip.
 */
export function orgAncestryJson(orgIdColumn: SQLWrapper): SQL<string> {
  return sql<string>`(with recursive chain(id, parent) as (
      select id, parent_org_id from organizations where id = ${orgIdColumn}
      union
      select o.id, o.parent_org_id from organizations o join chain on o.id = chain.parent
    ) select json_group_array(id) from chain)`;
}
