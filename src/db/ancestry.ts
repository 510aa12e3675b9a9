import { type Column, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * A column as `"table"."column"`. Drizzle leaves columns unqualified in single-table selects,
 * and an unqualified name inside a correlated subquery binds to the subquery's own tables.
 */
export function qualified(column: Column): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/**
 * A scalar subquery giving the JSON array of an organisation and all its ancestors, so a
 * resource and everything needed to authorise reading it come back in one round trip.
 */
export function orgAncestryJson(orgIdColumn: Column): SQL<string> {
  return sql<string>`(with recursive chain(id, parent) as (
      select o0.id, o0.parent_org_id from organizations o0 where o0.id = ${qualified(orgIdColumn)}
      union
      select o.id, o.parent_org_id from organizations o join chain on o.id = chain.parent
    ) select json_group_array(id) from chain)`;
}
