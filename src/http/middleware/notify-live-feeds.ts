import { createMiddleware } from "hono/factory";
import type { FeedNotices } from "../../services/context";
import type { AppEnv } from "../context";

/** The events and organisations whose live feeds one request changed, without repeats. */
export interface FeedChanges {
  events: Set<string>;
  orgs: Set<string>;
}

/**
 * A write's notifications are collected while its services build the batch (ServiceContext
 * `feedNotices`); once the request succeeded (the batch committed), the runtime's live feeds
 * are told which feeds changed. On Workers that wakes the feeds' Durable Objects in
 * `waitUntil`, after the response; on Node the process's shared readers find the change at
 * their next read anyway, so nothing is told.
 */
export const notifyLiveFeeds = createMiddleware<AppEnv>(async (c, next) => {
  const notify = c.get("live").notify;
  if (!notify || c.req.method === "GET" || c.req.method === "HEAD") return next();
  const changes: FeedChanges = { events: new Set(), orgs: new Set() };
  const notices: FeedNotices = {
    add({ eventId, ancestry }) {
      if (eventId) changes.events.add(eventId);
      for (const orgId of ancestry) changes.orgs.add(orgId);
    },
  };
  c.set("feedNotices", notices);
  await next();
  if (c.res.status >= 400 || (changes.events.size === 0 && changes.orgs.size === 0)) return;
  let waitUntil: (work: Promise<unknown>) => void = (work) => void work.catch(() => {});
  try {
    const ctx = c.executionCtx;
    waitUntil = (work) => ctx.waitUntil(work);
  } catch {
    // No execution context outside Workers.
  }
  waitUntil(notify(changes));
});
