import type { Context } from "hono";
import type { Database } from "../db/client";
import {
  DEFAULT_LIVE_REFRESH_MS,
  DEFAULT_STREAM_LIMITS,
  feedStream,
  type GrantedSlot,
  LiveHub,
  type SlotDecision,
  type StreamCharge,
  type StreamLimits,
  StreamSlots,
  type WatchRequest,
} from "../services/live";
import type { CommittedChanges } from "../services/outbox";
import type { AppEnv, Logger } from "./context";
import type { LivePort } from "./ports";

/**
 * Where an authorised watcher is served: the process's hub (services/live) by default, and on
 * Workers the feed's Durable Object (src/runtime/workers/).
 */
export interface LiveFeeds {
  /** The SSE response of an event or organisation feed; its stream slot is freed when it ends. */
  stream(c: Context<AppEnv>, request: WatchRequest, slot: GrantedSlot): Response | Promise<Response>;
  /** The WebSocket response of an event feed, where the runtime has one (Workers). */
  socket?(c: Context<AppEnv>, request: WatchRequest, slot: GrantedSlot): Response | Promise<Response>;
  /** Told, once a write has committed, which feeds it changed (middleware/after-write.ts). */
  notify(changes: CommittedChanges): Promise<void>;
  /** Counts the streams open per client and per address; refuses past the cap. */
  acquire(charges: readonly StreamCharge[]): SlotDecision | Promise<SlotDecision>;
  limits: StreamLimits;
}

/** A revoked client's streams end within this. */
const DEFAULT_TOKEN_CHECK_MS = 1000;

/** The live feeds of one process: one hub, one count of open streams. */
export function processLiveFeeds(db: Database, live: LivePort, clock: () => Date, logger: Logger): LiveFeeds {
  const pollMs = live.changePollMs ?? live.liveRefreshMs ?? DEFAULT_LIVE_REFRESH_MS;
  const hub = new LiveHub({
    db,
    clock,
    pollMs,
    tokenCheckMs: live.changePollMs ?? DEFAULT_TOKEN_CHECK_MS,
    logger,
  });
  const slots = new StreamSlots();
  return {
    stream: (_c, request, slot) => feedStream(hub, request, slot.release),
    notify: async (changes) => hub.notify(changes),
    acquire: (charges) => slots.acquire(charges),
    limits: { ...DEFAULT_STREAM_LIMITS, ...live.streamLimits },
  };
}
