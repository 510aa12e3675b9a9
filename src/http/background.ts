import type { Context } from "hono";
import type { AppEnv } from "./context";
import { loggableError } from "./log-safe";

/**
 * Work that finishes after the response is sent (the edit of a deferred Discord answer). On
 * Workers it runs in `waitUntil`, so the isolate is kept alive for it; on Node the process
 * simply goes on running it. Its failure is logged: nobody is waiting for it.
 */
export function afterResponse(c: Context<AppEnv>, work: Promise<unknown>, what: string): void {
  const logger = c.get("logger");
  const requestId = c.get("requestId");
  const guarded = work.catch((error: unknown) => logger.error(what, { requestId, ...loggableError(error) }));
  try {
    c.executionCtx.waitUntil(guarded);
  } catch {
    // No execution context outside Workers: the promise runs on by itself.
  }
}
