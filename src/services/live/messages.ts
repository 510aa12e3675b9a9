import type { OrgChange, ResultsChange } from "../outbox";

/**
 * One message of a live feed, as SSE frames it (`event:`, `id:`, `data:`). The WebSocket route
 * sends the same three fields as one JSON text frame, `data` parsed.
 */
export interface FeedMessage {
  event: string;
  id?: string;
  data: string;
}

/** Why a feed ended before its time (the `end` message's `reason`). */
export type EndReason = "token_expired" | "client_revoked";

/** The state of an event: a fresh feed's first message, or a version the outbox does not detail. */
export const eventStateMessage = (eventId: string, version: number): FeedMessage => ({
  event: "results",
  id: String(version),
  data: JSON.stringify({ eventId, resultsVersion: version }),
});

/** One results version with what changed. */
export const eventChangeMessage = (eventId: string, change: ResultsChange): FeedMessage => ({
  event: "results",
  id: String(change.resultsVersion),
  data: JSON.stringify({
    eventId,
    resultsVersion: change.resultsVersion,
    sessionId: change.sessionId,
    tableId: change.tableId,
    types: change.types,
  }),
});

export const eventGapMessage = (lastEventId: number, version: number): FeedMessage => ({
  event: "gap",
  data: JSON.stringify({
    lastEventId,
    resultsVersion: version,
    detail:
      "The changes after your Last-Event-ID are past the outbox retention window: re-fetch the standings (and GET /v1/orgs/{orgId}/changes or …/export for the details).",
  }),
});

export const orgChangeMessage = (change: OrgChange): FeedMessage => ({
  id: String(change.seq),
  event: change.type,
  data: JSON.stringify({
    id: change.id,
    type: change.type,
    timestamp: change.timestamp,
    orgId: change.orgId,
    data: change.data,
  }),
});

export const orgGapMessage = (lastEventId: number, prunedThrough: number): FeedMessage => ({
  event: "gap",
  data: JSON.stringify({
    lastEventId,
    prunedThrough,
    detail:
      "Changes after your Last-Event-ID are past the retention window; resync with GET /v1/orgs/{orgId}/export.",
  }),
});

export const endMessage = (reason: EndReason): FeedMessage => ({
  event: "end",
  data: JSON.stringify({ reason }),
});

export const PING_MESSAGE: FeedMessage = { event: "ping", data: "{}" };

/** How often a quiet feed says it is still there. */
export const PING_EVERY_MS = 15_000;

/** The SSE frame of a message: `event:`, `data:`, then `id:` (data is JSON, one line). */
export function sseFrame(message: FeedMessage): string {
  const id = message.id === undefined ? "" : `\nid: ${message.id}`;
  return `event: ${message.event}\ndata: ${message.data}${id}\n\n`;
}

/** The WebSocket frame of a message. */
export function socketFrame(message: FeedMessage): string {
  return JSON.stringify({
    event: message.event,
    ...(message.id === undefined ? {} : { id: message.id }),
    data: JSON.parse(message.data),
  });
}
