import type { ServiceContext } from "../context";
import { outboxStatements } from "./record";

/** Where to re-read the rankings a change moved. */
function standingsUrls(eventId: string, sessionId: string | null) {
  return {
    session: sessionId ? `/v1/sessions/${sessionId}/standings` : null,
    qualification: `/v1/events/${eventId}/qualification`,
    event: `/v1/events/${eventId}/standings`,
  };
}

/**
 * `standings.changed` with the results version its batch commits (read back inside the batch).
 * It goes in EVERY batch that bumps an event's `resultsVersion` (results, disqualifications,
 * drops, no-shows, merges), after the bump: one notification per version is what lets the
 * per-event change feed replay each missed version from the outbox. When no ranking changed
 * (a pending sheet: rankings count final results only), Discord channels are not told
 * "standings updated" for it.
 */
export function standingsChangedStatements(
  ctx: ServiceContext,
  event: { id: string; orgId: string; ancestry: readonly string[] },
  sessionId: string | null,
  options: { rankingsChanged?: boolean } = {},
) {
  return outboxStatements(ctx, {
    orgId: event.orgId,
    ancestry: event.ancestry,
    eventId: event.id,
    type: "standings.changed",
    data: { eventId: event.id, sessionId, urls: standingsUrls(event.id, sessionId) },
    resultsVersionOf: event.id,
    notForDiscord: options.rankingsChanged === false,
  });
}
