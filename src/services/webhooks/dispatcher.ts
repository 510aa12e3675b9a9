/**
 * What the app knows of push delivery, whatever the runtime: a committed write says "there
 * may be something to deliver". Node wakes its in-process loop; a Worker drains in
 * `waitUntil` (and a Cron Trigger sweeps whatever that missed). Delivery state lives in the
 * database, so any dispatcher can pick up where another stopped.
 */
export interface PushDispatcher {
  wake(waitUntil?: (work: Promise<unknown>) => void): void;
}
