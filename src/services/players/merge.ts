/**
 * `POST /v1/players/{id}/merge`: one person created twice (two stores, two spellings) becomes
 * one player. Every registration (with its check-in, no-show and drop), seat (with its
 * confirmation code), result sheet, confirmation, dispute, disqualification, staff entry, avoid
 * pair, warning, programme exclusion, timed-turn request and calendar link moves to the kept
 * player in ONE batch with the audit entry; the merged id keeps answering (301 on reads, 410 on
 * writes) through `player_merges`. Rankings and ratings are
 * computed on read, so they follow at once; the events touched get a new results version.
 *
 * Refused when the two could not be one person: seated in the same round (so at the same table,
 * or at two tables at once), registered in the same session, or one on an event's staff while
 * the other plays it (rule 1.3.2). The unique keys on seats and registrations make a seating or
 * registration racing the merge fail the whole batch instead of slipping through.
 */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { isConstraintError } from "../../db/errors";
import { commitChecked, precondition } from "../../db/preconditions";
import {
  avoidPairs,
  calendarLinks,
  conductWarnings,
  discordLinkRequests,
  disqualifications,
  eventStaff,
  events,
  organizations,
  playerMerges,
  players,
  programmeExclusions,
  registrations,
  resultConfirmations,
  resultDisputes,
  rounds,
  seatCodeFailures,
  seats,
  sessions,
  tableResults,
  tableTimers,
} from "../../db/schema";
import { calendarDayIn } from "../../domain/local-time";
import { compareIds } from "../../domain/standings";
import {
  assertOrgWideWrite,
  requireClient,
  requirePermission,
  scopedEventColumns,
  toScopedEvent,
} from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { bumpRankingsVersion, uniqueParticipantsSql } from "../events";
import { rankQualification } from "../standings";
import { gonePlayer, mergedInto } from "./merged-ids";
import { toPlayerDto } from "./store";

/** What the answer counts as moved, in its order: each is a column of the counts' query. */
const MOVED = [
  "registrations",
  "seats",
  "results",
  "confirmations",
  "disputes",
  "disqualifications",
  "staff",
  "avoidPairs",
] as const;
type Moved = Record<(typeof MOVED)[number], number>;

async function loadPair(ctx: ServiceContext, mergedId: string, intoId: string) {
  const rows = await ctx.db
    .select({ player: players, ancestry: orgAncestryJson(players.orgId) })
    .from(players)
    .where(inArray(players.id, [mergedId, intoId]));
  const find = (id: string) => {
    const r = rows.find((x) => x.player.id === id);
    return r && { row: r.player, ancestry: JSON.parse(r.ancestry) as string[] };
  };
  return { merged: find(mergedId), into: find(intoId) };
}
type Loaded = NonNullable<Awaited<ReturnType<typeof loadPair>>["merged"]>;

/** Owners of an organisation above (or at) both players, or the platform admin. */
function assertMayMerge(ctx: ServiceContext, merged: Loaded, into: Loaded) {
  const client = requireClient(ctx.actor);
  const reads = (l: Loaded) =>
    client.role === "admin" || (client.orgId !== null && l.ancestry.includes(client.orgId));
  if (!reads(merged)) throw notFound("player", merged.row.id);
  if (!reads(into)) throw intoNotFound(into.row.id);
  if (client.role !== "owner" && client.role !== "admin") {
    throw new ServiceError(
      "forbidden",
      "merge_needs_owner",
      "Merging players takes an owner of an organisation both players belong to (or an ancestor of both).",
    );
  }
  requirePermission(client, "players:write");
  assertOrgWideWrite(client);
}

const intoNotFound = (id: string) =>
  new ServiceError("invalid", "into_player_not_found", `No player with id '${id}' is visible to you.`, {
    issues: [{ path: "intoPlayerId", message: "no such player visible to you" }],
  });

/** `staffId` on an event's staff while `playerId` plays in it. */
const staffWhilePlaying = (staffId: string, playerId: string) =>
  and(
    eq(eventStaff.playerId, staffId),
    sql`exists (select 1 from registrations r join sessions s on s.id = r.session_id where s.event_id = ${eventStaff.eventId} and r.player_id = ${playerId})`,
  );

/** The events `playerId` played whose playoffs are seated. */
const seatedEventsPlayedBy = (playerId: string) =>
  sql`${events.id} in (select s.event_id from registrations r join sessions s on s.id = r.session_id
    where r.player_id = ${playerId})
    and exists (select 1 from ${rounds} where ${rounds.eventId} = ${events.id} and ${rounds.kind} <> 'prelim')`;

/**
 * What the checks below read of the two ids, as counts: compared again at commit, so that a
 * registration, seat, staff role, disqualification, exclusion or playoff seating committed while
 * the merge was computed refuses it (each would change what the checks found).
 */
const recordsOf = (m: string, k: string) =>
  sql`json_array(
    (select count(*) from registrations where player_id in (${m}, ${k})),
    (select count(*) from seats where player_id in (${m}, ${k})),
    (select count(*) from event_staff where player_id in (${m}, ${k})),
    (select count(*) from disqualifications where player_id in (${m}, ${k})),
    (select count(*) from programme_exclusions where player_id in (${m}, ${k}) and lifted_at is null),
    (select count(*) from ${events} where ${seatedEventsPlayedBy(m)}))`;

/** Why the two cannot be one person, read in one batch; the counts go into the answer. */
async function readConflictsAndCounts(ctx: ServiceContext, mergedId: string, intoId: string) {
  const [
    sameRound,
    sameSession,
    staffPlaying,
    counts,
    eventRows,
    twiceDisqualified,
    playoffsSeated,
    excludedWaiting,
    seatedPlayed,
    [records],
  ] = await ctx.db.batch([
    ctx.db.all<{ tableId: string; other: string }>(sql`select s1.table_id as tableId, s2.table_id as other
      from seats s1 join seats s2 on s2.round_id = s1.round_id and s2.player_id = ${intoId}
      where s1.player_id = ${mergedId}`),
    ctx.db
      .select({ sessionId: registrations.sessionId })
      .from(registrations)
      .where(
        and(
          eq(registrations.playerId, mergedId),
          sql`exists (select 1 from registrations r2 where r2.session_id = ${registrations.sessionId} and r2.player_id = ${intoId})`,
        ),
      ),
    ctx.db
      .select({ eventId: eventStaff.eventId, staff: eventStaff.playerId })
      .from(eventStaff)
      .where(or(staffWhilePlaying(mergedId, intoId), staffWhilePlaying(intoId, mergedId))),
    ctx.db.all<Moved>(sql`select
      (select count(*) from registrations where player_id = ${mergedId}) as registrations,
      (select count(*) from seats where player_id = ${mergedId}) as seats,
      (select count(*) from table_results tr join seats s on s.table_id = tr.table_id
        where s.player_id = ${mergedId}) as results,
      (select count(*) from result_confirmations where player_id = ${mergedId}) as confirmations,
      (select count(*) from result_disputes where player_id = ${mergedId}) as disputes,
      (select count(*) from disqualifications where player_id = ${mergedId}) as disqualifications,
      (select count(*) from event_staff where player_id = ${mergedId}) as staff,
      (select count(*) from avoid_pairs where player_a = ${mergedId} or player_b = ${mergedId}) as avoidPairs`),
    ctx.db
      .select({ id: events.id, orgId: events.orgId, ancestry: orgAncestryJson(events.orgId) })
      .from(events)
      .where(
        sql`${events.id} in (select s.event_id from registrations r join sessions s on s.id = r.session_id where r.player_id = ${mergedId})
          or ${events.id} in (select event_id from event_staff where player_id = ${mergedId})
          or ${events.id} in (select event_id from disqualifications where player_id = ${mergedId})`,
      ),
    // One disqualification per event and player: a person disqualified under both ids.
    ctx.db.all<{ eventId: string }>(sql`select d1.event_id as eventId from disqualifications d1
      join disqualifications d2 on d2.event_id = d1.event_id and d2.player_id = ${intoId}
      where d1.player_id = ${mergedId}`),
    // Both took part in an event whose playoffs are seated: one person fewer changes its N.
    ctx.db.all<{ eventId: string }>(sql`select s1.event_id as eventId from registrations r1
      join sessions s1 on s1.id = r1.session_id
      join sessions s2 on s2.event_id = s1.event_id
      join registrations r2 on r2.session_id = s2.id and r2.player_id = ${intoId}
      where r1.player_id = ${mergedId} and exists (select 1 from rounds where event_id = s1.event_id and kind <> 'prelim')`),
    // An exclusion of one of them over an event where the other waits for a session to start.
    ctx.db
      .select({
        sessionId: registrations.sessionId,
        until: programmeExclusions.until,
        timezone: organizations.timezone,
      })
      .from(programmeExclusions)
      .innerJoin(organizations, eq(organizations.id, programmeExclusions.orgId))
      .innerJoin(
        registrations,
        eq(
          registrations.playerId,
          sql`case ${programmeExclusions.playerId} when ${mergedId} then ${intoId} else ${mergedId} end`,
        ),
      )
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(
        and(
          inArray(programmeExclusions.playerId, [mergedId, intoId]),
          isNull(programmeExclusions.liftedAt),
          sql`not exists (select 1 from ${rounds} where ${rounds.sessionId} = ${registrations.sessionId})`,
          sql`${programmeExclusions.orgId} in (select value from json_each(${orgAncestryJson(events.orgId)}))`,
        ),
      ),
    // The events the merged id played whose playoffs are seated, to rank (assertLotsHold).
    ctx.db
      .select({ ...scopedEventColumns, uniqueParticipants: uniqueParticipantsSql })
      .from(events)
      .where(seatedEventsPlayedBy(mergedId)),
    ctx.db.all<{ records: string }>(sql`select ${recordsOf(mergedId, intoId)} as records`),
  ]);
  return {
    twiceDisqualified,
    playoffsSeated,
    excludedWaiting,
    seatedPlayed,
    records: records!.records,
    sameRound,
    sameSession,
    staffPlaying,
    counts: counts[0]!,
    eventIds: eventRows.map((e) => e.id),
    events: eventRows,
  };
}

function refuse(code: string, message: string): ServiceError {
  return new ServiceError("conflict", code, message, { issues: [{ path: "intoPlayerId", message }] });
}

/** Both players, or the 4xx that says why not (gone, merged, not found, self). */
async function loadMergeable(ctx: ServiceContext, mergedId: string, intoId: string) {
  if (mergedId === intoId) {
    throw new ServiceError("invalid", "merge_into_self", "A player cannot be merged into themselves.", {
      issues: [{ path: "intoPlayerId", message: "must differ from the merged player" }],
    });
  }
  const { merged, into } = await loadPair(ctx, mergedId, intoId);
  if (!merged) {
    const successor = await mergedInto(ctx, mergedId);
    if (successor) throw gonePlayer(mergedId, successor);
    throw notFound("player", mergedId);
  }
  if (!into) {
    const successor = await mergedInto(ctx, intoId);
    if (successor) {
      throw new ServiceError(
        "invalid",
        "into_player_merged",
        `Player '${intoId}' was merged into '${successor}': merge into '${successor}'.`,
        { issues: [{ path: "intoPlayerId", message: `merged into ${successor}` }] },
      );
    }
    throw intoNotFound(intoId);
  }
  return { merged, into };
}

/** One person within one tree, with no membership numbers that disagree. */
function assertSamePerson(merged: Loaded, into: Loaded): void {
  if (merged.row.rootOrgId !== into.row.rootOrgId) {
    throw refuse(
      "merge_across_trees",
      "The two players belong to different organisation trees; a player is one person within one tree.",
    );
  }
  for (const field of ["externalId", "discordId"] as const) {
    const a = merged.row[field];
    const b = into.row[field];
    if (a !== null && b !== null && a !== b) {
      throw new ServiceError(
        "conflict",
        "membership_number_conflict",
        `The players have different ${field}s ('${a}' and '${b}'): clear the wrong one with PATCH /v1/players/{id}, then merge.`,
        { issues: [{ path: field, message: "differs between the two players" }] },
      );
    }
  }
}

type Found = Awaited<ReturnType<typeof readConflictsAndCounts>>;

/** Two players who sat together, played the same session, or one refereeing the other, are two people. */
function assertNeverMet(found: Found): void {
  const met = found.sameRound[0];
  if (met) {
    throw refuse(
      "players_met",
      met.tableId === met.other
        ? `The two players sat at the same table (${met.tableId}): they are two people.`
        : `The two players are seated in the same round (tables ${met.tableId} and ${met.other}): they are two people.`,
    );
  }
  if (found.sameSession[0]) {
    throw refuse(
      "players_met",
      `The two players are both registered in session ${found.sameSession[0].sessionId}: they are two people.`,
    );
  }
  if (found.staffPlaying[0]) {
    throw refuse(
      "staff_plays",
      `One player is staff of event ${found.staffPlaying[0].eventId} and the other plays in it; one person may not do both (rule 1.3.2).`,
    );
  }
}

/** What the records of one person cannot hold: refused, naming what to do first. */
function assertRecordsAgree(found: Found, now: Date): void {
  const twice = found.twiceDisqualified[0];
  if (twice) {
    throw refuse(
      "merge_disqualified_twice",
      `Both players are disqualified from event ${twice.eventId}, and an event records one disqualification per player: merging would lose one and re-place a signed sheet.`,
    );
  }
  const seated = found.playoffsSeated[0];
  if (seated) {
    throw refuse(
      "registration_closed",
      `Both players took part in event ${seated.eventId}, whose playoffs are seated: as one person they would change its unique participants, and so the structure the playoffs were seated from (rules 1.1.5, 1.2.2).`,
    );
  }
  // `until` is the first day the exclusion no longer runs, in its organisation's time zone.
  const waiting = found.excludedWaiting.find((x) => x.until > calendarDayIn(now, x.timezone));
  if (waiting) {
    throw refuse(
      "merge_excluded_registered",
      `One player is excluded from the programme until ${waiting.until} and the other is registered in session ${waiting.sessionId}, which has not started: withdraw that registration (DELETE /v1/sessions/${waiting.sessionId}/players/{playerId}), then merge.`,
    );
  }
}

/**
 * A lot is drawn for an id (docs/rules.md#lots), so the merged player takes the kept id's. In an
 * event whose playoffs are seated, that must not move them within a tie its qualification broke
 * by lots: the playoffs were seated from that order.
 */
async function assertLotsHold(ctx: ServiceContext, found: Found, mergedId: string, intoId: string) {
  const ranked = await Promise.all(
    found.seatedPlayed.map(async (row) => ({
      eventId: row.event.id,
      ...(await rankQualification(ctx, toScopedEvent(row), row.uniqueParticipants)),
    })),
  );
  for (const { eventId, rows, lotOf } of ranked) {
    const at = rows.findIndex((r) => r.record.playerId === mergedId);
    if (at < 0) continue;
    // The tie around the merged player: neighbours ordered by lots (`decidedBy` looks at the next row).
    let first = at;
    while (first > 0 && rows[first - 1]!.decidedBy === "lots") first--;
    let last = at;
    while (rows[last]!.decidedBy === "lots") last++;
    const tied = rows.slice(first, last + 1).map((r) => r.record.playerId);
    const idAfter = (id: string) => (id === mergedId ? intoId : id);
    const byLot = (a: string, b: string) =>
      compareIds(lotOf(idAfter(a)), lotOf(idAfter(b))) || compareIds(idAfter(a), idAfter(b));
    if ([...tied].sort(byLot).indexOf(mergedId) !== at - first) {
      throw refuse(
        "merge_moves_lots",
        `The merged player's place in the qualification of event ${eventId}, whose playoffs are seated, was decided by lots, and the kept id's lot would move it: merge the other way (keep ${mergedId}), or keep both records.`,
      );
    }
  }
}

/** Rows of a table holding one per event and player, moved m → k where k has none for that event. */
function movedOnePerEvent(
  ctx: ServiceContext,
  table: typeof disqualifications | typeof eventStaff,
  m: string,
  k: string,
) {
  return [
    ctx.db
      .delete(table)
      .where(
        and(
          eq(table.playerId, m),
          sql`exists (select 1 from ${table} t2 where t2.event_id = ${table.eventId} and t2.player_id = ${k})`,
        ),
      ),
    ctx.db.update(table).set({ playerId: k }).where(eq(table.playerId, m)),
  ] as const;
}

/** Every row that names the merged player, moved to the kept one (m → k), in one batch. */
function moveStatements(ctx: ServiceContext, m: string, k: string) {
  return [
    ctx.db.update(playerMerges).set({ intoPlayerId: k }).where(eq(playerMerges.intoPlayerId, m)),
    ctx.db.update(registrations).set({ playerId: k }).where(eq(registrations.playerId, m)),
    ctx.db.update(seats).set({ playerId: k }).where(eq(seats.playerId, m)),
    ctx.db
      .update(tableResults)
      .set({
        scores: sql`(select json_group_array(case when json_extract(value, '$.playerId') = ${m}
            then json_set(value, '$.playerId', ${k}) else json(value) end) from json_each(${tableResults.scores}))`,
        winnerId: sql`case ${tableResults.winnerId} when ${m} then ${k} else ${tableResults.winnerId} end`,
      })
      .where(
        inArray(
          tableResults.tableId,
          ctx.db.select({ id: seats.tableId }).from(seats).where(eq(seats.playerId, k)),
        ),
      ),
    ctx.db.update(resultConfirmations).set({ playerId: k }).where(eq(resultConfirmations.playerId, m)),
    ctx.db.update(resultDisputes).set({ playerId: k }).where(eq(resultDisputes.playerId, m)),
    // Wrong seat codes stay counted against the seat, whoever's id it now carries.
    ctx.db.update(seatCodeFailures).set({ playerId: k }).where(eq(seatCodeFailures.playerId, m)),
    // One disqualification per event and player: the kept player's own stands.
    ...movedOnePerEvent(ctx, disqualifications, m, k),
    // Staff of the same event twice: the kept player's role stands.
    ...movedOnePerEvent(ctx, eventStaff, m, k),
    // Avoid pairs are stored ordered (a < b); a pair of the two with each other disappears.
    ctx.db.run(sql`insert or ignore into avoid_pairs (event_id, player_a, player_b, reason, created_at)
      select event_id, min(${k}, other), max(${k}, other), reason, created_at from (
        select event_id, case when player_a = ${m} then player_b else player_a end as other, reason, created_at
        from avoid_pairs where player_a = ${m} or player_b = ${m}) where other <> ${k}`),
    ctx.db.delete(avoidPairs).where(or(eq(avoidPairs.playerA, m), eq(avoidPairs.playerB, m))),
    // Conduct follows the person: warnings and exclusions are not lost by a merge.
    ctx.db.update(conductWarnings).set({ playerId: k }).where(eq(conductWarnings.playerId, m)),
    ctx.db.update(programmeExclusions).set({ playerId: k }).where(eq(programmeExclusions.playerId, m)),
    ctx.db.update(tableTimers).set({ requestedBy: k }).where(eq(tableTimers.requestedBy, m)),
    ctx.db.update(calendarLinks).set({ playerId: k }).where(eq(calendarLinks.playerId, m)),
    // A Discord member's link request, pending or decided, names the person.
    ctx.db.update(discordLinkRequests).set({ playerId: k }).where(eq(discordLinkRequests.playerId, m)),
  ] as const;
}

/** Each event's rankings moved (version bumped, change announced), and the merge audited per event. */
function eventStatements(ctx: ServiceContext, found: Found, audit: Parameters<typeof auditInsert>[1]) {
  return [
    ...found.events.flatMap((event) =>
      bumpRankingsVersion(ctx, { ...event, ancestry: JSON.parse(event.ancestry) as string[] }, null),
    ),
    // In each event's audit trail (where a referee looks), or the kept player's organisation's.
    ...(found.events.length > 0 ? found.events : [{ id: null, orgId: audit.orgId }]).map((event) =>
      auditInsert(ctx, { ...audit, orgId: event.orgId, eventId: event.id }),
    ),
  ];
}

/**
 * Merges a player created twice into the kept one: every registration, seat, sheet,
 * confirmation, dispute, disqualification, staff role and avoid pair moves, in one batch.
 */
export async function mergePlayers(ctx: ServiceContext, mergedId: string, intoId: string) {
  requireClient(ctx.actor);
  const { merged, into } = await loadMergeable(ctx, mergedId, intoId);
  assertMayMerge(ctx, merged, into);
  assertSamePerson(merged, into);
  const found = await readConflictsAndCounts(ctx, mergedId, intoId);
  assertNeverMet(found);
  assertRecordsAgree(found, ctx.clock());
  await assertLotsHold(ctx, found, mergedId, intoId);
  const now = ctx.clock().toISOString();
  const keptAfter = {
    ...into.row,
    externalId: into.row.externalId ?? merged.row.externalId,
    discordId: into.row.discordId ?? merged.row.discordId,
    updatedAt: now,
  };
  const conflict = () =>
    refuse(
      "merge_conflict",
      "A registration, seat, staff role, disqualification or exclusion of one of the two players, or a playoff seating of an event they played, was committed during the merge; read both players again and retry.",
    );
  try {
    await commitChecked(
      ctx.db,
      [
        precondition(
          ctx.db,
          `records of players ${mergedId} and ${intoId}`,
          sql`${recordsOf(mergedId, intoId)} = ${found.records}`,
        ),
        // Before the moves: the result trigger lets a final sheet change a player id only for a
        // recorded merge.
        ctx.db.insert(playerMerges).values({
          mergedPlayerId: mergedId,
          intoPlayerId: intoId,
          mergedName: merged.row.name,
          actorClientId: actorClientId(ctx),
          createdAt: now,
        }),
        ...moveStatements(ctx, mergedId, intoId),
        ctx.db.delete(players).where(eq(players.id, mergedId)),
        ctx.db
          .update(players)
          .set({ externalId: keptAfter.externalId, discordId: keptAfter.discordId, updatedAt: now })
          .where(eq(players.id, intoId)),
        ...eventStatements(ctx, found, {
          orgId: into.row.orgId,
          eventId: null,
          action: "player.merge",
          entityType: "player",
          entityId: intoId,
          before: { merged: toPlayerDto(merged.row), kept: toPlayerDto(into.row) },
          after: { kept: toPlayerDto(keptAfter), moved: found.counts, eventIds: found.eventIds },
        }),
      ],
      conflict,
    );
  } catch (error) {
    throw isConstraintError(error) ? conflict() : error;
  }
  return {
    player: toPlayerDto(keptAfter),
    merged: { id: mergedId, name: merged.row.name },
    moved: Object.fromEntries(MOVED.map((key) => [key, Number(found.counts[key])])) as Moved,
    eventIds: found.eventIds,
  };
}
