import type { Context } from "hono";
import {
  DEFAULT_STREAM_LIMITS,
  eventStream,
  type GrantedSlot,
  LiveHub,
  orgStream,
  type SlotDecision,
  type StreamCharge,
  type StreamLimits,
  StreamSlots,
  type WatchRequest,
} from "../services/live";
import type { AppDeps, AppEnv, Logger } from "./context";
import type { FeedChanges } from "./middleware/notify-live-feeds";

/**
 * Where an authorised watcher is served: Node streams it from the process's hub
 * (services/live), Workers forward it to the feed's Durable Object (src/runtime/workers/).
 */
export interface LiveFeeds {
  /** The SSE response of an event or organisation feed; its stream slot is freed when it ends. */
  stream(c: Context<AppEnv>, request: WatchRequest, slot: GrantedSlot): Response | Promise<Response>;
  /** The WebSocket response of an event feed, where the runtime has one (Workers). */
  socket?(c: Context<AppEnv>, request: WatchRequest, slot: GrantedSlot): Response | Promise<Response>;
  /** Told after a successful write which feeds it changed (Workers wake the feeds' objects). */
  notify?(changes: FeedChanges): Promise<void>;
  /** Counts the streams open per client and per address; refuses past the cap. */
  acquire(charges: readonly StreamCharge[]): SlotDecision | Promise<SlotDecision>;
  limits: StreamLimits;
}

// 1 s: the venue screen (/e/{id}/screen) must show a new result within 2 s.
const DEFAULT_EVENT_POLL_MS = 1000;
const DEFAULT_ORG_POLL_MS = 2000;

/** The live feeds of one Node process: one hub, one count of open streams. */
export function nodeLiveFeeds(deps: AppDeps, clock: () => Date, logger: Logger): LiveFeeds {
  const hub = new LiveHub({
    db: deps.db,
    clock,
    eventPollMs: deps.changePollMs ?? DEFAULT_EVENT_POLL_MS,
    orgPollMs: deps.changePollMs ?? DEFAULT_ORG_POLL_MS,
    logger,
  });
  const slots = new StreamSlots();
  const hooks = (release: () => void) => ({
    onError: (error: unknown) => logger.error("live feed failed", { error: String(error) }),
    onEnd: release,
  });
  return {
    stream: (_c, request, slot) =>
      request.kind === "event"
        ? eventStream(hub, request, hooks(slot.release))
        : orgStream(hub, request, hooks(slot.release)),
    acquire: (charges) => slots.acquire(charges),
    limits: { ...DEFAULT_STREAM_LIMITS, ...deps.streamLimits },
  };
}
