/**
 * Series definitions (create, list, read, change) and the event tags that tag-selected series
 * pick events up by. A series belongs to one organisation and ranks events of its tree: the
 * organisation itself and its descendants (a federation's member stores).
 */

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { newId } from "../../db/ids";
import { events, eventTags, series } from "../../db/schema";
import { DEFAULT_SERIES_POLICY, type SeriesPolicy, type SeriesTiebreak } from "../../domain/series";
import {
  assertOrgWritable,
  canReadEvent,
  orgSubtree,
  readableEvent,
  scopedEventColumns,
  toScopedEvent,
  writableEvent,
} from "../access";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { type PageRequest, paginateRows } from "../pagination";
import { randomHex } from "../secrets";

/** Which events a series ranks: a fixed list, or every event of the tree with a tag in a date range. */
export type SeriesSelection =
  | { kind: "events"; eventIds: string[] }
  | { kind: "tag"; tag: string; from: string | null; to: string | null };

/** The policy as the API shows it (the domain's readonly shape, as plain JSON). */
interface SeriesPolicyDto extends SeriesPolicy {
  positionPoints: number[];
  qualificationBands: { from: number; to: number; points: number }[];
  tiebreaks: SeriesTiebreak[];
  cut: { top: number; label: string | null } | null;
}

interface CreateSeriesInput {
  name: string;
  selection: SeriesSelection;
  policy?: Partial<SeriesPolicyDto>;
}

type SeriesRow = typeof series.$inferSelect;
export type SeriesDto = ReturnType<typeof toSeriesDto>;

export function toSeriesDto(row: SeriesRow) {
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    selection: row.selection as SeriesSelection,
    policy: { ...DEFAULT_SERIES_POLICY, ...(row.policy as Partial<SeriesPolicy>) } as SeriesPolicyDto,
    lotSeed: row.lotSeed,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Listed events must belong to the series' tree: reading them is allowed, changing them is not needed. */
async function assertEventsInTree(ctx: ServiceContext, orgId: string, selection: SeriesSelection) {
  if (selection.kind !== "events") return;
  const subtree = await orgSubtree(ctx.db, orgId);
  const found = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, selection.eventIds), inArray(events.orgId, subtree)));
  const inTree = new Set(found.map((e) => e.id));
  const issues = selection.eventIds.flatMap((id, i) =>
    inTree.has(id)
      ? []
      : [{ path: `selection.eventIds.${i}`, message: `no event '${id}' in this organisation's tree` }],
  );
  if (issues.length > 0) {
    throw new ServiceError(
      "invalid",
      "series_event_outside_tree",
      "A series ranks events of its organisation and the organisations below it only.",
      { issues },
    );
  }
}

export async function createSeries(ctx: ServiceContext, orgId: string, input: CreateSeriesInput) {
  await assertOrgWritable(ctx, orgId, "events:write");
  await assertEventsInTree(ctx, orgId, input.selection);
  const now = ctx.clock();
  const row: SeriesRow = {
    id: newId("ser", now.getTime()),
    orgId,
    name: input.name,
    selection: input.selection,
    policy: { ...DEFAULT_SERIES_POLICY, ...input.policy },
    lotSeed: randomHex(16),
    version: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await ctx.db.batch([
    ctx.db.insert(series).values(row),
    auditInsert(ctx, { orgId, action: "series.create", entityType: "series", entityId: row.id, after: row }),
  ]);
  return toSeriesDto(row);
}

/**
 * What a caller is shown of definitions: a hand-picked selection names only the events the
 * caller may read (a member store must not learn a sibling's private event ids), in one query
 * for the whole page.
 */
async function visibleToCaller(ctx: ServiceContext, dtos: SeriesDto[]): Promise<SeriesDto[]> {
  const listed = [
    ...new Set(dtos.flatMap((d) => (d.selection.kind === "events" ? d.selection.eventIds : []))),
  ];
  if (listed.length === 0) return dtos;
  const rows = await ctx.db.select(scopedEventColumns).from(events).where(inArray(events.id, listed));
  const readable = new Set(
    rows.map(toScopedEvent).flatMap((e) => (canReadEvent(ctx.actor, e) ? [e.id] : [])),
  );
  return dtos.map((d) =>
    d.selection.kind === "events"
      ? {
          ...d,
          selection: { ...d.selection, eventIds: d.selection.eventIds.filter((id) => readable.has(id)) },
        }
      : d,
  );
}

/** Series definitions are public, like the leaderboards they describe (the events stay filtered). */
export async function listSeries(ctx: ServiceContext, orgId: string, page: PageRequest) {
  if ((await orgSubtree(ctx.db, orgId)).length === 0) throw notFound("organization", orgId);
  const result = await paginateRows(ctx.db, page, series, eq(series.orgId, orgId), toSeriesDto);
  return { ...result, data: await visibleToCaller(ctx, result.data) };
}

async function loadSeries(ctx: ServiceContext, orgId: string, seriesId: string) {
  const [row] = await ctx.db
    .select()
    .from(series)
    .where(and(eq(series.id, seriesId), eq(series.orgId, orgId)));
  if (!row) throw notFound("series", seriesId);
  return toSeriesDto(row);
}

export async function getSeries(ctx: ServiceContext, orgId: string, seriesId: string) {
  const [dto] = await visibleToCaller(ctx, [await loadSeries(ctx, orgId, seriesId)]);
  return dto!;
}

export async function updateSeries(
  ctx: ServiceContext,
  orgId: string,
  seriesId: string,
  /** Its policy is merged field by field into the current one. */
  patch: Partial<CreateSeriesInput>,
) {
  await assertOrgWritable(ctx, orgId, "events:write");
  const before = await loadSeries(ctx, orgId, seriesId);
  if (patch.selection) await assertEventsInTree(ctx, orgId, patch.selection);
  const policy = { ...before.policy, ...patch.policy };
  const [row] = await ctx.db.batch([
    ctx.db
      .update(series)
      .set({
        name: patch.name,
        selection: patch.selection,
        policy,
        version: sql`${series.version} + 1`,
        updatedAt: ctx.clock().toISOString(),
      })
      .where(eq(series.id, seriesId))
      .returning(),
    auditInsert(ctx, {
      orgId,
      action: "series.update",
      entityType: "series",
      entityId: seriesId,
      before,
      after: patch,
    }),
  ]);
  return toSeriesDto(row[0]!);
}

/**
 * Replaces an event's tags. The event's own organisation does this (organizer or owner): a
 * store joins its federation's tag-selected series without the federation writing anything.
 */
export async function setEventTags(ctx: ServiceContext, eventId: string, tags: string[]) {
  const { event } = await writableEvent(ctx, eventId, "events:write");
  const unique = [...new Set(tags)].sort();
  const now = ctx.clock().toISOString();
  await ctx.db.batch([
    ctx.db.delete(eventTags).where(eq(eventTags.eventId, eventId)),
    ...(unique.length > 0
      ? [ctx.db.insert(eventTags).values(unique.map((tag) => ({ eventId, tag, createdAt: now })))]
      : []),
    auditInsert(ctx, {
      orgId: event.orgId,
      eventId,
      action: "event.tags",
      entityType: "event",
      entityId: eventId,
      after: unique,
    }),
  ]);
  return { eventId, tags: unique };
}

/** An event's tags, for whoever may read the event. */
export async function getEventTags(ctx: ServiceContext, eventId: string) {
  await readableEvent(ctx, eventId);
  const rows = await ctx.db
    .select({ tag: eventTags.tag })
    .from(eventTags)
    .where(eq(eventTags.eventId, eventId))
    .orderBy(asc(eventTags.tag));
  return { eventId, tags: rows.map((r) => r.tag) };
}
