import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import { newId } from "../../db/ids";
import { commitChecked, precondition } from "../../db/preconditions";
import { events, rounds, sessions, tableResults } from "../../db/schema";
import { describeStructure } from "../../domain/structure";
import { DEFAULT_TURN, publishedTimers, type TurnTimer } from "../../domain/timers";
import {
  assertEventReadable,
  assertOrgReadable,
  assertOrgWritable,
  orgSubtree,
  requireClient,
  scopedEventColumns,
  toScopedEvent,
  writableEvent,
} from "../access";
import { auditInsert, patchAudit } from "../audit";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { afterCursor, type PageRequest, pageOrder, paginate } from "../pagination";
import { randomHex } from "../secrets";
import { type EventPhase, eventPhaseSql, eventSummaryColumns, noRefereeWarning } from "./summary";

interface CreateEventInput {
  name: string;
  ruleset?: "2026" | "legacy";
  visibility?: "public" | "private";
  startsOn?: string | null;
  timeZone?: string | null;
  venue?: string | null;
  /**
   * The turn timer (rule 1.1.11). Board study and placement are the rules' own figures
   * (docs/rules.md#timers); older clients may still send them, as those figures, and they change nothing.
   */
  timers?: { turn?: TurnTimer };
  screenEmbedOrigins?: string[];
  edition?: string | null;
  language?: string | null;
}

/** A BCP 47 tag in its canonical spelling (`FR-ca` → `fr-CA`); the schema has checked it parses. */
function canonicalLanguage(tag: string | null | undefined): string | null | undefined {
  return tag ? (Intl.getCanonicalLocales(tag)[0] ?? tag) : tag;
}

interface EventWithSummary {
  event: typeof events.$inferSelect;
  phase: EventPhase;
  uniqueParticipants: number;
  hasReferee: number | boolean;
}

function toEventDto({ event: row, phase, uniqueParticipants, hasReferee }: EventWithSummary) {
  const structure = describeStructure(Number(uniqueParticipants), row.ruleset);
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    ruleset: row.ruleset,
    visibility: row.visibility,
    lotSeed: row.lotSeed,
    startsOn: row.startsOn,
    timeZone: row.timezone,
    /** The deprecated spelling of timeZone, sent until its sunset (docs/versioning.md). */
    timezone: row.timezone,
    venue: row.venue,
    timers: publishedTimers(row.timers),
    edition: row.edition,
    language: row.language,
    screenEmbedOrigins: row.screenEmbedOrigins ?? [],
    phase,
    ...structure,
    // A warning, not a reason of invalidity: `valid` keeps its meaning of rule 1.1.3.
    validity: hasReferee ? structure.validity : [...structure.validity, noRefereeWarning(row.id)],
    resultsVersion: row.resultsVersion,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
type EventDto = ReturnType<typeof toEventDto>;

/** The event with its phase and N, plus what authorising a read needs, in one query. */
async function loadEventRow(ctx: ServiceContext, eventId: string) {
  const [row] = await ctx.db
    .select({ ...scopedEventColumns, ...eventSummaryColumns })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

async function loadEventDto(ctx: ServiceContext, eventId: string): Promise<EventDto> {
  const row = await loadEventRow(ctx, eventId);
  if (!row) throw notFound("event", eventId);
  return toEventDto(row);
}

export async function createEvent(
  ctx: ServiceContext,
  orgId: string,
  input: CreateEventInput,
): Promise<EventDto> {
  await assertOrgWritable(ctx, orgId, "events:write");
  const now = ctx.clock();
  const id = newId("evt", now.getTime());
  const row = {
    id,
    orgId,
    name: input.name,
    ruleset: input.ruleset ?? "2026",
    visibility: input.visibility ?? "public",
    lotSeed: randomHex(16),
    startsOn: input.startsOn ?? null,
    timezone: input.timeZone ?? null,
    venue: input.venue ?? null,
    timers: { turn: input.timers?.turn ?? DEFAULT_TURN },
    edition: input.edition ?? null,
    language: canonicalLanguage(input.language) ?? null,
    screenEmbedOrigins: input.screenEmbedOrigins?.length ? input.screenEmbedOrigins : null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  } as const;
  await ctx.db.batch([
    ctx.db.insert(events).values(row),
    auditInsert(ctx, {
      orgId,
      eventId: id,
      action: "event.create",
      entityType: "event",
      entityId: id,
      after: row,
    }),
  ]);
  return loadEventDto(ctx, id);
}

export async function getEvent(ctx: ServiceContext, eventId: string): Promise<EventDto> {
  const row = await loadEventRow(ctx, eventId);
  assertEventReadable(ctx.actor, row && toScopedEvent(row), eventId);
  return toEventDto(row!);
}

/** Whether the event has a row in `table` yet (a result submitted, a game seated). */
async function hasRows(ctx: ServiceContext, table: typeof tableResults | typeof rounds, eventId: string) {
  return (
    (await ctx.db.select({ one: sql`1` }).from(table).where(eq(table.eventId, eventId)).limit(1)).length > 0
  );
}

export async function updateEvent(
  ctx: ServiceContext,
  eventId: string,
  patch: Partial<CreateEventInput>,
): Promise<EventDto> {
  const { event } = await writableEvent(ctx, eventId, "events:write");
  const rulesetLocked = () =>
    new ServiceError(
      "conflict",
      "ruleset_locked",
      "The ruleset cannot change once a result has been submitted: it would re-rank games already played.",
      { issues: [{ path: "ruleset", message: "locked after the first result" }] },
    );
  // Rule 1.1.2 (docs/rules.md#edition-and-language): every game of an event uses the same
  // edition, so once one is seated the edition is fixed.
  const editionLocked = () =>
    new ServiceError(
      "conflict",
      "edition_locked",
      "The edition cannot change once a game of the event is seated: every game of an event uses the same edition (rule 1.1.2).",
      { rule: "1.1.2", issues: [{ path: "edition", message: "locked once a game is seated" }] },
    );
  const newRuleset = patch.ruleset !== undefined && patch.ruleset !== event.ruleset;
  const newEdition = patch.edition !== undefined && patch.edition !== event.edition;
  if (newRuleset && (await hasRows(ctx, tableResults, eventId))) throw rulesetLocked();
  if (newEdition && (await hasRows(ctx, rounds, eventId))) throw editionLocked();
  const changes = {
    name: patch.name,
    ruleset: patch.ruleset,
    visibility: patch.visibility,
    startsOn: patch.startsOn,
    timezone: patch.timeZone,
    venue: patch.venue,
    edition: patch.edition,
    language: canonicalLanguage(patch.language),
    timers: patch.timers?.turn && { turn: patch.timers.turn },
    screenEmbedOrigins:
      patch.screenEmbedOrigins && (patch.screenEmbedOrigins.length > 0 ? patch.screenEmbedOrigins : null),
    updatedAt: ctx.clock().toISOString(),
  };
  // A result or a seating committed since the checks above refuses the whole batch.
  const stillNone = (table: typeof tableResults | typeof rounds, what: string) =>
    precondition(ctx.db, what, sql`not exists (select 1 from ${table} where ${eq(table.eventId, eventId)})`);
  await commitChecked(
    ctx.db,
    [
      ctx.db.update(events).set(changes).where(eq(events.id, eventId)),
      auditInsert(ctx, {
        orgId: event.orgId,
        eventId,
        action: "event.update",
        entityType: "event",
        entityId: eventId,
        ...patchAudit(event, changes),
      }),
      ...(newRuleset ? [stillNone(tableResults, "no result")] : []),
      ...(newEdition ? [stillNone(rounds, "no game seated")] : []),
    ],
    async () =>
      newRuleset && (await hasRows(ctx, tableResults, eventId)) ? rulesetLocked() : editionLocked(),
  );
  return loadEventDto(ctx, eventId);
}

interface ListEventsQuery extends PageRequest {
  includeDescendants: boolean;
  /** Also the events where the organisation (or, with descendants, one of them) hosts a session. */
  includeHosted?: boolean;
  status?: EventPhase;
}

/**
 * Events of an organisation (and of its descendants, and those where it hosts a session, on
 * request), oldest first. A host reads the events it hosts sessions of (docs/guides/store-chain.md).
 */
export async function listEvents(ctx: ServiceContext, orgId: string, query: ListEventsQuery) {
  requireClient(ctx.actor);
  await assertOrgReadable(ctx, orgId);
  const orgIds = query.includeDescendants ? await orgSubtree(ctx.db, orgId) : [orgId];
  // A store also lists the chain's events it hosts sessions of (`include=hosted`).
  const own = inArray(events.orgId, orgIds);
  const listed = and(
    query.includeHosted
      ? or(
          own,
          inArray(
            events.id,
            ctx.db.select({ id: sessions.eventId }).from(sessions).where(inArray(sessions.hostOrgId, orgIds)),
          ),
        )
      : own,
    query.status ? sql`${eventPhaseSql} = ${query.status}` : undefined,
  );
  return paginate(
    query,
    (limit) =>
      ctx.db
        .select({ id: events.id, event: events, ...eventSummaryColumns })
        .from(events)
        .where(and(listed, afterCursor(events.id, query)))
        .orderBy(pageOrder(events.id, query))
        .limit(limit),
    (row) => toEventDto(row),
    async () => (await ctx.db.select({ n: count() }).from(events).where(listed))[0]?.n ?? 0,
  );
}
