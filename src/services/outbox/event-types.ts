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
  "seat.chosen",
  "table.timer",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
