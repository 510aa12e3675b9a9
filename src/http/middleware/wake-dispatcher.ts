import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

/**
 * After a successful write, tell the dispatcher there may be notifications to deliver. On
 * Workers the drain runs in `waitUntil`, after the response is sent; on Node the loop wakes.
 */
export const wakeDispatcher = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const dispatcher = c.get("deps").dispatcher;
  if (!dispatcher || c.req.method === "GET" || c.req.method === "HEAD" || c.res.status >= 400) return;
  let waitUntil: ((work: Promise<unknown>) => void) | undefined;
  try {
    const ctx = c.executionCtx;
    waitUntil = (work) => ctx.waitUntil(work);
  } catch {
    // No execution context outside Workers.
  }
  dispatcher.wake(waitUntil);
});
