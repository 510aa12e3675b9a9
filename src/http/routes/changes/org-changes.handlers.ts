import type { RouteHandler } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { type OrgChange, openOrgChanges } from "../../../services/webhooks";
import { type AppEnv, serviceContext } from "../../context";
import type { streamOrgChanges } from "./org-changes.routes";

const DEFAULT_POLL_MS = 2000;
const PING_EVERY_MS = 15_000;
const PAGE = 200;

const message = (change: OrgChange) => ({
  id: String(change.seq),
  event: change.type,
  data: JSON.stringify({
    id: change.id,
    type: change.type,
    timestamp: change.timestamp,
    orgId: change.orgId,
    data: change.data,
  }),
});

export const streamOrgChangesHandler: RouteHandler<typeof streamOrgChanges, AppEnv> = async (c) => {
  const { orgId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const lastEventId = c.req.valid("header")["last-event-id"];
  // Authorise before the first byte: once streaming, a failure can no longer be a 4xx.
  const feed = await openOrgChanges(serviceContext(c), orgId);
  let cursor = lastEventId === undefined ? feed.position.latest : Number(lastEventId);
  const pruned = feed.position.prunedThrough;
  const pollMs = c.get("deps").changePollMs ?? DEFAULT_POLL_MS;
  // Like the per-event feed, this one never outlives its token: it ends at the token's expiry,
  // and each poll re-checks that the token's client was not revoked (an `end` event says why).
  const credential = c.get("credential");
  const clock = c.get("clock");
  const credentialEnded = async (): Promise<string | undefined> => {
    if (!credential) return undefined;
    if (clock().getTime() >= credential.expiresAt.getTime()) return "token_expired";
    return (await credential.stillActive()) ? undefined : "client_revoked";
  };

  // Polling the outbox by its primary key works the same on Workers and across Node instances.
  return streamSSE(c, async (stream) => {
    if (cursor < pruned) {
      await stream.writeSSE({
        event: "gap",
        data: JSON.stringify({
          lastEventId: cursor,
          prunedThrough: pruned,
          detail:
            "Changes after your Last-Event-ID are past the retention window; resync with GET /v1/orgs/{orgId}/export.",
        }),
      });
      cursor = pruned;
    }
    const tokenLeftMs = credential
      ? credential.expiresAt.getTime() - clock().getTime()
      : Number.POSITIVE_INFINITY;
    const deadline = Date.now() + Math.min(maxSeconds * 1000, Math.max(0, tokenLeftMs));
    let lastWrite = Date.now();
    let polled = false;
    while (!stream.aborted) {
      if (polled) {
        const ended = await credentialEnded();
        if (ended) {
          await stream.writeSSE({ event: "end", data: JSON.stringify({ reason: ended }) });
          break;
        }
      }
      polled = true;
      const changes = await feed.after(cursor, PAGE);
      for (const change of changes) {
        await stream.writeSSE(message(change));
        cursor = change.seq;
        lastWrite = Date.now();
      }
      if (changes.length === PAGE) continue;
      if (Date.now() >= deadline) break;
      if (Date.now() - lastWrite >= PING_EVERY_MS) {
        await stream.writeSSE({ event: "ping", data: "{}" });
        lastWrite = Date.now();
      }
      await stream.sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
    }
  }) as never;
};
