import type { Database } from "../../db/client";
import { pruneOutbox } from "../../services/outbox";
import { DeliveryPool, type DeliverySettings, nextDueAt, type PushDispatcher } from "../../services/webhooks";

interface NodeDispatcherOptions {
  db: Database;
  /** Its logger also reports a tick that failed. */
  settings: DeliverySettings;
  /** Longest sleep between ticks when nothing wakes the loop (default 1 s). */
  idleMs?: number;
  /**
   * Shortest time from one tick to the next (default 25 ms). A tick's work is bounded (one
   * batch recording what finished, one read, one claim, at most the pool's workers started),
   * so the dispatcher's share of the event loop is bounded too, however much there is to push:
   * on a local database those statements run on the loop the API's requests run on.
   */
  tickMs?: number;
}

export interface NodeDispatcher extends PushDispatcher {
  /** Ends the loop; resolves once the deliveries in flight have finished and been recorded. */
  stop(): Promise<void>;
}

/** How often old notifications are pruned. */
const PRUNE_EVERY_MS = 3_600_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The Node runtime's dispatcher: one in-process loop ticking the delivery pool. It ticks when a
 * write that queued deliveries wakes it, when a delivery finishes (its outcome is recorded and
 * the next message of its lane may now be due) or when a retry comes due, never more often
 * than every `tickMs`. Everything it needs is in the database, so after a restart it simply
 * carries on (leases of attempts cut short expire and are retried).
 */
export function startNodeDispatcher(options: NodeDispatcherOptions): NodeDispatcher {
  const clock = () => new Date();
  const idleMs = options.idleMs ?? 1000;
  const tickMs = options.tickMs ?? 25;
  const pool = new DeliveryPool(options.db, options.settings, clock);
  let running = true;
  let woken = false;
  let interrupt: (() => void) | null = null;
  let lastPrune = 0;

  /** Until `ms` pass, a write wakes the loop or a delivery finishes, whichever comes first. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) {
        woken = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        interrupt = null;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      interrupt = done;
      // Only this loop starts deliveries, so an idle pool stays idle while it waits.
      if (pool.busy > 0)
        void pool.oneFinished().then(() => {
          if (interrupt === done) done();
        });
    });

  const loop = (async () => {
    while (running) {
      const began = Date.now();
      let waitMs = idleMs;
      try {
        const started = await pool.tick();
        if (started === 0 && pool.busy === 0) {
          const next = await nextDueAt(options.db);
          const inMs = next ? Date.parse(next) - clock().getTime() : Number.POSITIVE_INFINITY;
          // Due now but not started (it came due after the read, or another process took it):
          // the next tick reads again rather than trusting the pool's candidates.
          if (inMs <= 0) pool.invalidate();
          waitMs = Math.min(idleMs, Math.max(0, inMs));
        }
        // Busy or not: a receiver that never answers keeps a delivery in flight as long as
        // writes keep coming, and must not keep every tenant's notifications with it.
        if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now();
          await pruneOutbox(options.db, clock());
        }
      } catch (error) {
        options.settings.logger?.error("webhook dispatcher tick failed", { error: String(error) });
      }
      if (!running) break;
      await pause(waitMs);
      // Yield: what finishes meanwhile waits for the next tick and is recorded with it.
      const sinceTick = Date.now() - began;
      if (running && sinceTick < tickMs) await sleep(tickMs - sinceTick);
    }
    await pool.settled();
  })();

  return {
    wake() {
      woken = true;
      pool.invalidate();
      interrupt?.();
    },
    async stop() {
      running = false;
      interrupt?.();
      await loop;
    },
  };
}
