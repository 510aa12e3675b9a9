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

/**
 * What the app knows of push delivery, whatever the runtime: a committed write says "there
 * may be something to deliver". Node wakes its in-process loop; a Worker drains in
 * `waitUntil` (and a Cron Trigger sweeps whatever that missed). Delivery state lives in the
 * database, so any dispatcher can pick up where another stopped.
 */
export interface PushDispatcher {
  wake(waitUntil?: (work: Promise<unknown>) => void): void;
}

/**
 * Milliseconds to wait from a `Retry-After` value (RFC 9110 §10.2.3: delay-seconds or an HTTP
 * date), or null when absent or unreadable. Unbounded: the dispatcher clamps it.
 */
export function retryAfterMs(value: string | null, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  // A bare number that is not delay-seconds ("-5", "1.5e3") is no date either.
  if (Number.isNaN(at) || /^[-+.\d]/.test(trimmed)) return null;
  return Math.max(0, at - now.getTime());
}
