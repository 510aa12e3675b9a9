import { type SQL, sql } from "drizzle-orm";
import { qualified } from "../../db/ancestry";
import { events } from "../../db/schema";

export type EventPhase = "setup" | "prelims" | "semifinals" | "final" | "completed";

const eventId = qualified(events.id);

const roundExists = (kind: string) =>
  sql`exists (select 1 from rounds r where r.event_id = ${eventId} and r.kind = ${kind})`;

/** The phase of an event, derived from its rounds and results (never stored, so never stale). */
export const eventPhaseSql: SQL<EventPhase> = sql<EventPhase>`case
  when exists (select 1 from rounds r join game_tables t on t.round_id = r.id
               join table_results tr on tr.table_id = t.id
               where r.event_id = ${eventId} and r.kind = 'final' and tr.status = 'final') then 'completed'
  when ${roundExists("final")} then 'final'
  when ${roundExists("semifinal")} then 'semifinals'
  when ${roundExists("prelim")} then 'prelims'
  else 'setup' end`;

/** N of rule 1.2.2: unique participants over all the event's prelim sessions (no-shows never played). */
export const uniqueParticipantsSql: SQL<number> = sql<number>`(select count(distinct reg.player_id)
  from registrations reg join sessions s on s.id = reg.session_id
  where s.event_id = ${eventId} and reg.no_show_at is null)`;

/** Whether the event names a referee (rule 1.3.1), read with the event in the same query. */
const hasRefereeSql: SQL<number> = sql<number>`exists (select 1 from event_staff es
  where es.event_id = ${eventId} and es.role = 'referee')`;

export const eventSummaryColumns = {
  phase: eventPhaseSql,
  uniqueParticipants: uniqueParticipantsSql,
  hasReferee: hasRefereeSql,
};

/**
 * The warning an event carries until it names a referee (rule 1.3.1, docs/rules.md#referees):
 * in its `validity` and in the answer of a playoff seating. It leaves `valid` alone.
 */
export function noRefereeWarning(eventId: string): string {
  return `No referee named: rule 1.3.1 wants one present during the tournament to explain the rules and settle disputes; name one with POST /v1/events/${eventId}/staff {"playerId": …, "role": "referee"}`;
}

/** What a playoff seating answers about an event without a referee (it still seats). */
export function refereeWarnings(eventId: string, hasReferee: boolean) {
  return hasReferee
    ? []
    : [
        {
          code: "no_referee" as const,
          rule: "1.3.1",
          detail: noRefereeWarning(eventId),
          fix: {
            method: "POST" as const,
            href: `/v1/events/${eventId}/staff`,
            body: { playerId: "<player id>", role: "referee" as const },
          },
        },
      ];
}
