/** One POST of a notification; the runtime supplies how (Node: http(s) with a guarded lookup; Workers: fetch). */
export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface WebhookReply {
  status: number;
  /** The `Retry-After` header, as sent (seconds or an HTTP date). */
  retryAfter: string | null;
}

/** Sends one request; throws on a network error, a timeout or a refused (unsafe) address. */
export type Transport = (request: OutgoingWebhook) => Promise<WebhookReply>;

/** Milliseconds to wait from a `Retry-After` value, or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
