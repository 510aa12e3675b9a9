/**
 * The first round trips of a series read: the series with its organisation's ancestry
 * (authorisation), then in one batch the events it ranks (with what the event-standings service
 * needs) and a fingerprint of the tree's players. Enough for the ETag and a 304.
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { events, players, series } from "../../db/schema";
import { fnv1a, inOrgTree } from "../../db/tree";
import { canReadOrg, type ScopedEvent, scopedEventColumns, toScopedEvent } from "../access";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { uniqueParticipantsSql } from "../events";
import type { StandingsScope } from "../standings";
import { type SeriesDto, type SeriesSelection, toSeriesDto } from "./store";

export type SeriesScope = Awaited<ReturnType<typeof loadSeriesScope>>;

function selectionWhere(orgId: string, selection: SeriesSelection): SQL | undefined {
  const tree = inOrgTree(events.orgId, orgId);
  if (selection.kind === "events") return and(tree, inArray(events.id, selection.eventIds));
  return and(
    tree,
    sql`exists (select 1 from event_tags et where et.event_id = ${sql.raw('"events"."id"')} and et.tag = ${selection.tag})`,
    selection.from ? sql`${events.startsOn} >= ${selection.from}` : undefined,
    selection.to ? sql`${events.startsOn} <= ${selection.to}` : undefined,
    // A date range needs a date: events without one are not in a dated season.
    selection.from || selection.to ? sql`${events.startsOn} is not null` : undefined,
  );
}

/**
 * The same selection as `selectionWhere`, for one event already loaded with its ancestry and
 * tags (a player's history finds the series each of their events counts in).
 */
export function seriesIncludesEvent(
  s: Pick<SeriesDto, "orgId" | "selection">,
  event: { id: string; ancestry: readonly string[]; startsOn: string | null },
  tags: readonly string[],
): boolean {
  if (!event.ancestry.includes(s.orgId)) return false;
  const selection = s.selection;
  if (selection.kind === "events") return selection.eventIds.includes(event.id);
  if (!tags.includes(selection.tag)) return false;
  if (!selection.from && !selection.to) return true;
  if (event.startsOn === null) return false;
  return (
    (!selection.from || event.startsOn >= selection.from) && (!selection.to || event.startsOn <= selection.to)
  );
}

export async function loadSeriesScope(ctx: ServiceContext, seriesId: string) {
  const [row] = await ctx.db
    .select({ series, ancestry: orgAncestryJson(series.orgId) })
    .from(series)
    .where(eq(series.id, seriesId));
  if (!row) throw notFound("series", seriesId);
  const dto = toSeriesDto(row.series);
  const ancestry = JSON.parse(row.ancestry) as string[];
  /** `all`: members of the series' organisation (or above) see private events too; `public`: everyone else. */
  const view: "all" | "public" = canReadOrg(ctx.actor, ancestry) ? "all" : "public";
  const rootOrgId = ancestry.at(-1) ?? dto.orgId;
  const [eventRows, [playersTag]] = await ctx.db.batch([
    ctx.db
      .select({ ...scopedEventColumns, uniqueParticipants: uniqueParticipantsSql })
      .from(events)
      .where(
        and(
          selectionWhere(dto.orgId, dto.selection),
          view === "public" ? eq(events.visibility, "public") : undefined,
        ),
      )
      .orderBy(sql`${events.startsOn} is null`, asc(events.startsOn), asc(events.createdAt), asc(events.id)),
    // Renames and merges change names and rows without touching any event.
    ctx.db
      .select({ tag: sql<string>`count(*) || '.' || coalesce(max(${players.updatedAt}), '-')` })
      .from(players)
      .where(eq(players.rootOrgId, rootOrgId)),
  ]);
  const scopes: StandingsScope<ScopedEvent>[] = eventRows.map((r) => ({
    event: toScopedEvent(r),
    rosterTag: "",
  }));
  const fingerprint = eventRows
    .map(
      (r) => `${r.event.id}.${r.event.resultsVersion}.${r.event.updatedAt}.${Number(r.uniqueParticipants)}`,
    )
    .join("|");
  return {
    series: dto,
    view,
    /** The events ranked for this view, in series order (start date, then creation). */
    events: scopes,
    etag: `series:${dto.id}:${dto.version}:${view}:${fnv1a(`${fingerprint}#${playersTag?.tag ?? ""}`)}`,
    /** Some private event is in the view: the body must not sit in shared caches. */
    private: scopes.some((s) => s.event.visibility === "private"),
  };
}
