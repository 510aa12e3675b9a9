import type { RouteHandler } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { openChangeFeed } from "../../../services/changes";
import { type AppEnv, serviceContext } from "../../context";
import type { streamEventChanges } from "./changes.routes";

// 1 s: the venue screen (/e/{id}/screen) must show a new result within 2 s.
const DEFAULT_POLL_MS = 1000;
const PING_EVERY_MS = 15_000;

export const streamEventChangesHandler: RouteHandler<typeof streamEventChanges, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const { eventId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const feed = await openChangeFeed(ctx, eventId);
  let sent = feed.resultsVersion;
  const lastEventId = Number(c.req.header("last-event-id"));
  const pollMs = c.var.deps.changePollMs ?? DEFAULT_POLL_MS;
  const resultsMessage = (version: number) => ({
    event: "results",
    id: String(version),
    data: JSON.stringify({ eventId, resultsVersion: version }),
  });

  // Polling one indexed row keeps this working on Workers and on several Node instances alike,
  // with no pub/sub to run; a change is seen within one poll interval.
  return streamSSE(c, async (stream) => {
    if (lastEventId !== sent) await stream.writeSSE(resultsMessage(sent));
    const deadline = Date.now() + maxSeconds * 1000;
    let lastWrite = Date.now();
    while (!stream.aborted && Date.now() < deadline) {
      await stream.sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
      const version = await feed.poll();
      if (version === undefined) break;
      if (version !== sent) {
        sent = version;
        await stream.writeSSE(resultsMessage(version));
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite >= PING_EVERY_MS) {
        await stream.writeSSE({ event: "ping", data: "{}" });
        lastWrite = Date.now();
      }
    }
  }) as never;
};
