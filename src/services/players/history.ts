/**
 * `GET /v1/players/{id}/history`: every event, session and playoff a player took part in, with
 * the session ranks, the qualifying session, the final position and the series points, each
 * computed by the same ranking services as the public standings. Three round trips whatever the
 * number of events: the player, then one batch (events, registrations, series, tags), then every
 * event's and session's ranking in one coalesced wave.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { events, eventTags, registrations, series, sessions } from "../../db/schema";
import { fnv1a, inOrgTree } from "../../db/tree";
import { computeSeriesStandings, type EventPlacing } from "../../domain/series";
import { canReadEvent, canReadOrg, scopedEventColumns, toScopedEvent } from "../access";
import { type ServiceContext, withCoalescedDatabase } from "../context";
import { notFound } from "../errors";
import { uniqueParticipantsSql } from "../events";
import { placingOf, seriesIncludesEvent, standingsUnlessConflict, toSeriesDto } from "../series";
import { type SessionStandingsDto, sessionStandings } from "../standings";
import { findPlayer, unknownPlayer } from "./merged-ids";

type SessionRow = typeof sessions.$inferSelect;
type PlayerHistoryScope = Awaited<ReturnType<typeof loadPlayerHistoryScope>>;

/** Round trips 1 and 2: enough to authorise, fingerprint and answer a conditional GET. */
export async function loadPlayerHistoryScope(ctx: ServiceContext, playerId: string) {
  const found = await findPlayer(ctx, playerId);
  if (!found) throw await unknownPlayer(ctx, playerId, "/history");
  const { player } = found;
  // Members of the player's organisation tree (or above) see the membership numbers.
  const member = canReadOrg(ctx.actor, found.ancestry);
  const playedEventIds = ctx.db
    .select({ eventId: sessions.eventId })
    .from(registrations)
    .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
    .where(eq(registrations.playerId, playerId));
  const [eventRows, sessionRows, seriesRows, tagRows] = await ctx.db.batch([
    ctx.db
      .select({ ...scopedEventColumns, uniqueParticipants: uniqueParticipantsSql })
      .from(events)
      .where(inArray(events.id, playedEventIds))
      .orderBy(sql`${events.startsOn} is null`, asc(events.startsOn), asc(events.createdAt), asc(events.id)),
    ctx.db
      .select({ session: sessions })
      .from(registrations)
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .where(eq(registrations.playerId, playerId))
      .orderBy(sql`${sessions.date} is null`, asc(sessions.date), asc(sessions.id)),
    ctx.db
      .select({ series, ancestry: orgAncestryJson(series.orgId) })
      .from(series)
      .where(inOrgTree(series.orgId, player.rootOrgId))
      .orderBy(asc(series.createdAt), asc(series.id)),
    ctx.db
      .select({ eventId: eventTags.eventId, tag: eventTags.tag })
      .from(eventTags)
      .where(inArray(eventTags.eventId, playedEventIds)),
  ]);
  const visible = eventRows
    .map((r) => ({ event: toScopedEvent(r), uniqueParticipants: Number(r.uniqueParticipants) }))
    .filter((e) => canReadEvent(ctx.actor, e.event));
  // Someone outside the player's tree learns of the player only through a visible event.
  if (!member && visible.length === 0) throw notFound("player", playerId);
  const historyEvents = visible.map(({ event, uniqueParticipants }) => ({
    scope: { event, uniqueParticipants, rosterTag: "" },
    tags: tagRows.filter((t) => t.eventId === event.id).map((t) => t.tag),
    sessions: sessionRows.filter((s) => s.session.eventId === event.id).map((s) => s.session),
  }));
  const seriesList = seriesRows.map((s) => {
    const ancestry = JSON.parse(s.ancestry) as string[];
    /** Whether the caller's view of the series counts its private events (in the tag: the body is cached by it). */
    return { series: toSeriesDto(s.series), ancestry, seesPrivate: canReadOrg(ctx.actor, ancestry) };
  });
  const fingerprint = [
    `${player.id}.${player.updatedAt}.${member}`,
    ...historyEvents.map(
      ({ scope: { event, uniqueParticipants } }) =>
        `${event.id}.${event.resultsVersion}.${event.rosterVersion}.${event.updatedAt}.${uniqueParticipants}`,
    ),
    // Sessions have no version of their own: what the history shows of each is in the tag.
    ...historyEvents.flatMap(({ sessions }) => sessions.map((s) => `${s.id}.${s.name}.${s.date}`)),
    ...seriesList.map(({ series: s, seesPrivate }) => `${s.id}.${s.version}.${seesPrivate}`),
    ...tagRows.map((t) => `${t.eventId}#${t.tag}`),
  ].join("|");
  const { id, name, orgId, externalId, discordId } = player;
  return {
    player: { id, name, orgId, externalId, discordId },
    member,
    events: historyEvents,
    series: seriesList,
    etag: `history:${player.id}:${fnv1a(fingerprint)}`,
    /** A private event is shown: the body must not sit in shared caches. */
    private: historyEvents.some((e) => e.scope.event.visibility === "private"),
  };
}

function sessionEntry(session: SessionRow, standings: SessionStandingsDto, playerId: string) {
  const row = standings.rows.find((r) => r.player.id === playerId);
  const dq = standings.disqualified.find((r) => r.player.id === playerId);
  const record = row ?? dq;
  return {
    sessionId: session.id,
    name: session.name,
    date: session.date,
    /** null: not ranked in this session (no final game yet, or disqualified). */
    rank: row?.rank ?? null,
    games: record?.games ?? 0,
    wins: record?.wins ?? 0,
    vp: record?.vp ?? 0,
    vpPct: record?.vpPct ?? "0.0000000000000000",
    vpPctExact: record?.vpPctExact ?? "0/1",
    seconds: record?.seconds ?? 0,
    thirds: record?.thirds ?? 0,
    eliminated: record?.eliminated ?? false,
    disqualified: dq !== undefined,
  };
}

/** Round trip 3: every event's and session's ranking, coalesced into one batch. */
function rankingsOf(ctx: ServiceContext, scope: PlayerHistoryScope) {
  const batched = withCoalescedDatabase(ctx);
  return Promise.all(
    scope.events.map(async (entry) => {
      const [standings, sessionTables] = await Promise.all([
        standingsUnlessConflict(batched, entry.scope),
        Promise.all(entry.sessions.map((session) => sessionStandings(batched, { ...entry.scope, session }))),
      ]);
      return { entry, standings, sessionTables };
    }),
  );
}

/** One event of the history, and the player's final placing there once the event is over. */
function historyEvent(
  { entry, standings, sessionTables }: Awaited<ReturnType<typeof rankingsOf>>[number],
  playerId: string,
) {
  const { event } = entry.scope;
  const row = standings?.rows.find((r) => r.player.id === playerId);
  /** `final`: the event's final is in (the series count it); `in-progress`; `inconsistent`: its standings answer 409. */
  const status: "final" | "in-progress" | "inconsistent" = !standings
    ? "inconsistent"
    : standings.phase === "final"
      ? "final"
      : "in-progress";
  const placing = row && status === "final" ? placingOf(row) : null;
  return {
    placing,
    dto: {
      event: {
        id: event.id,
        orgId: event.orgId,
        name: event.name,
        startsOn: event.startsOn,
        visibility: event.visibility,
      },
      status,
      sessions: entry.sessions.map((session, i) => sessionEntry(session, sessionTables[i]!, playerId)),
      /** The best single session (rule 1.2): its rank among every player of the event. */
      qualification: row
        ? { rank: row.qualificationRank, sessionId: row.sessionId, qualified: row.qualified }
        : null,
      /** The furthest phase played and the placements there. */
      phase: row?.phase ?? null,
      semifinalPlacement: row?.semifinalPlacement ?? null,
      finalPlacement: row?.finalPlacement ?? null,
      /** The position in the event standings (final once `status` is `final`). */
      position: row?.rank ?? null,
      disqualified: standings?.disqualified.some((r) => r.player.id === playerId) ?? false,
      series: [] as { seriesId: string; name: string; points: number; counted: boolean }[],
    },
  };
}

/**
 * The player's points in each series the caller may see, from their final placings; each
 * event's contribution is also noted on that event of the history (`out`).
 */
function seriesOf(
  scope: PlayerHistoryScope,
  placings: ReadonlyMap<string, EventPlacing>,
  out: ReturnType<typeof historyEvent>["dto"][],
) {
  return scope.series.flatMap(({ series: s, seesPrivate }) => {
    const included = scope.events.filter(
      ({ scope: { event }, tags }) =>
        (event.visibility === "public" || seesPrivate) && seriesIncludesEvent(s, event, tags),
    );
    if (included.length === 0) return [];
    const inputs = included.flatMap(({ scope: { event } }) => {
      const placing = placings.get(event.id);
      return placing ? [{ eventId: event.id, placings: [placing] }] : [];
    });
    const [tally] = computeSeriesStandings(s.policy, inputs, () => "");
    for (const { eventId, points, counted } of tally?.contributions ?? []) {
      out.find((e) => e.event.id === eventId)?.series.push({ seriesId: s.id, name: s.name, points, counted });
    }
    return [
      {
        seriesId: s.id,
        orgId: s.orgId,
        name: s.name,
        points: tally?.points ?? 0,
        eventsCounted: tally?.eventsCounted ?? 0,
        eventsDropped: tally?.eventsDropped ?? 0,
        /** null while no event of the series is final. */
        bestPosition: tally?.bestPosition ?? null,
      },
    ];
  });
}

export async function playerHistory(ctx: ServiceContext, scope: PlayerHistoryScope) {
  const playerId = scope.player.id;
  const placings = new Map<string, EventPlacing>();
  const out = (await rankingsOf(ctx, scope)).map((computed) => {
    const { dto, placing } = historyEvent(computed, playerId);
    if (placing) placings.set(dto.event.id, placing);
    return dto;
  });
  return {
    player: scope.member ? scope.player : { ...scope.player, externalId: null, discordId: null },
    events: out,
    series: seriesOf(scope, placings, out),
  };
}
