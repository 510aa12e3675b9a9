import { type SQL, sql } from "drizzle-orm";
import { qualified } from "../../db/ancestry";
import { events } from "../../db/schema";
import type { Ruleset } from "../../domain/game-score";
import { eventStructure } from "../../domain/structure";

export const EVENT_PHASES = ["setup", "prelims", "semifinals", "final", "completed"] as const;
export type EventPhase = (typeof EVENT_PHASES)[number];

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

/** N of rule 1.2.2: unique participants over all the event's prelim sessions. */
/** No-shows signed up but never played: they are not participants (rule 1.2.2). */
export const uniqueParticipantsSql: SQL<number> = sql<number>`(select count(distinct reg.player_id)
  from registrations reg join sessions s on s.id = reg.session_id
  where s.event_id = ${eventId} and reg.no_show_at is null)`;

export const eventSummaryColumns = { phase: eventPhaseSql, uniqueParticipants: uniqueParticipantsSql };

/** Structure and validity that follow from N (rules 1.1.3–1.1.5, 1.2.2). */
export function describeStructure(uniqueParticipants: number, ruleset: Ruleset) {
  const structure = eventStructure(uniqueParticipants, ruleset);
  return {
    uniqueParticipants,
    structure: structure.kind,
    qualifierCount: structure.qualifierCount,
    valid: structure.valid,
    validity: structure.validity,
  };
}
