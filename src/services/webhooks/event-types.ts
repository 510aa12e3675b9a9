/** What a subscription can ask for; the same names label the organisation change feed. */
export const WEBHOOK_EVENT_TYPES = [
  "round.seated",
  "result.submitted",
  "result.confirmed",
  "result.final",
  "result.corrected",
  "player.disqualified",
  "standings.changed",
  "playoffs.seated",
  "event.completed",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface SeatPayload {
  position: number;
  playerId: string;
  name: string | null;
  vp: number | null;
  placement: number | null;
}

/** A table's result as notifications carry it (also `before`/`after` of a correction). */
export interface TableResultPayload {
  eventId: string;
  sessionId: string | null;
  roundId: string;
  round: { kind: string; number: number };
  tableId: string;
  tableNumber: number;
  version: number;
  status: string;
  finalizedBy: string | null;
  winnerId: string;
  seats: SeatPayload[];
}

export interface RoundSeatedPayload {
  eventId: string;
  sessionId: string | null;
  roundId: string;
  kind: string;
  number: number;
  method: string;
  tables: { tableId: string; number: number; seats: { position: number; playerId: string }[] }[];
}

export interface StandingsChangedPayload {
  eventId: string;
  sessionId: string | null;
  resultsVersion: number;
  /** The top of the affected ranking, filled in when the notification is first delivered. */
  top?: { rank: number; playerId: string; name: string; points: string }[];
  urls: { session: string | null; qualification: string; event: string };
}
