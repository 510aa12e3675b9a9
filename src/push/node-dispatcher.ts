import type { Database } from "../db/client";
import type { Logger } from "../http/context";
import { type DeliverySettings, deliverDue, type PushDispatcher, pruneOutbox } from "../services/webhooks";

export interface NodeDispatcherOptions {
  db: Database;
  settings: DeliverySettings;
  clock?: () => Date;
  logger?: Logger;
  /** Longest sleep between passes when nothing wakes the loop (default 1 s). */
  idleMs?: number;
  /** How often old notifications are pruned (default hourly). */
  pruneEveryMs?: number;
}

export interface NodeDispatcher extends PushDispatcher {
  /** Ends the loop after the pass in progress. */
  stop(): Promise<void>;
}

/**
 * The Node runtime's dispatcher: one in-process loop draining the outbox's deliveries.
 * Everything it needs is in the database, so after a restart it simply carries on (leases of
 * attempts cut short expire and are retried).
 */
export function startNodeDispatcher(options: NodeDispatcherOptions): NodeDispatcher {
  const clock = options.clock ?? (() => new Date());
  const idleMs = options.idleMs ?? 1000;
  const pruneEveryMs = options.pruneEveryMs ?? 3_600_000;
  let running = true;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let lastPrune = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  const loop = (async () => {
    while (running) {
      let waitMs = idleMs;
      try {
        const pass = await deliverDue(options.db, clock, options.settings);
        if (pass.attempted > 0) continue;
        if (pass.nextDueAt)
          waitMs = Math.min(idleMs, Math.max(0, Date.parse(pass.nextDueAt) - clock().getTime()));
        if (Date.now() - lastPrune > pruneEveryMs) {
          lastPrune = Date.now();
          await pruneOutbox(options.db, clock());
        }
      } catch (error) {
        options.logger?.error("webhook dispatcher pass failed", { error: String(error) });
      }
      if (running) await sleep(waitMs);
    }
  })();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
