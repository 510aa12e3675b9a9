import type { RouteHandler } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { openChangeFeed, type ResultsChange } from "../../../services/changes";
import { type AppEnv, serviceContext } from "../../context";
import type { streamEventChanges } from "./changes.routes";

// 1 s: the venue screen (/e/{id}/screen) must show a new result within 2 s.
const DEFAULT_POLL_MS = 1000;
const PING_EVERY_MS = 15_000;
const PAGE = 200;

export const streamEventChangesHandler: RouteHandler<typeof streamEventChanges, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const { eventId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const header = c.req.valid("header")["last-event-id"];
  const lastEventId = header === undefined ? undefined : Number(header);
  // Authorise before the first byte: once streaming, a failure can no longer be a 4xx.
  const feed = await openChangeFeed(ctx, eventId);
  const current = feed.resultsVersion;
  const pollMs = c.get("deps").changePollMs ?? DEFAULT_POLL_MS;
  // The state (a fresh feed's first message, or a version the outbox cannot detail): no details.
  const stateMessage = (version: number) => ({
    event: "results",
    id: String(version),
    data: JSON.stringify({ eventId, resultsVersion: version }),
  });
  const changeMessage = (change: ResultsChange) => ({
    event: "results",
    id: String(change.resultsVersion),
    data: JSON.stringify({
      eventId,
      resultsVersion: change.resultsVersion,
      sessionId: change.sessionId,
      tableId: change.tableId,
      types: change.types,
    }),
  });

  // Polling one indexed row keeps this working on Workers and on several Node instances alike,
  // with no pub/sub to run; a change is seen within one poll interval.
  // A feed never outlives its token: it ends at the token's expiry, and each poll re-checks that
  // the token's client was not revoked in the meantime (an `end` event says why).
  const credential = c.get("credential");
  const clock = c.get("clock");
  const credentialEnded = async (): Promise<string | undefined> => {
    if (!credential) return undefined;
    if (clock().getTime() >= credential.expiresAt.getTime()) return "token_expired";
    return (await credential.stillActive()) ? undefined : "client_revoked";
  };
  return streamSSE(c, async (stream) => {
    let sent: number;
    let cursor: number;
    // Every version after `sent` the outbox holds, in order (each once), from `cursor` on.
    const catchUp = async () => {
      for (;;) {
        const changes = await feed.changesAfter(cursor, PAGE);
        for (const change of changes) {
          cursor = change.seq;
          if (change.resultsVersion <= sent) continue;
          await stream.writeSSE(changeMessage(change));
          sent = change.resultsVersion;
        }
        if (changes.length === 0 || stream.aborted) return;
      }
    };
    if (lastEventId === undefined || lastEventId >= current) {
      // A fresh feed (or a version this event never had: it starts over) gets the state now;
      // a client already at the current version gets nothing until the next change.
      if (lastEventId !== current) await stream.writeSSE(stateMessage(current));
      sent = current;
      const { after, latest } = await feed.position(current);
      cursor = after ?? latest;
    } else {
      const { after, latest } = await feed.position(lastEventId);
      if (after === null) {
        await stream.writeSSE({
          event: "gap",
          data: JSON.stringify({
            lastEventId,
            resultsVersion: current,
            detail:
              "The changes after your Last-Event-ID are past the outbox retention window: re-fetch the standings (and GET /v1/orgs/{orgId}/changes or …/export for the details).",
          }),
        });
        await stream.writeSSE(stateMessage(current));
        sent = current;
        cursor = (await feed.position(current)).after ?? latest;
      } else {
        sent = lastEventId;
        cursor = after;
        await catchUp();
      }
    }
    const tokenLeftMs = credential
      ? credential.expiresAt.getTime() - clock().getTime()
      : Number.POSITIVE_INFINITY;
    const deadline = Date.now() + Math.min(maxSeconds * 1000, Math.max(0, tokenLeftMs));
    let lastWrite = Date.now();
    while (!stream.aborted && Date.now() < deadline) {
      await stream.sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
      const ended = await credentialEnded();
      if (ended) {
        await stream.writeSSE({ event: "end", data: JSON.stringify({ reason: ended }) });
        break;
      }
      const version = await feed.poll();
      if (version === undefined) break;
      if (version > sent) {
        await catchUp();
        // A version the outbox does not detail still reaches the client.
        if (version > sent) {
          await stream.writeSSE(stateMessage(version));
          sent = version;
        }
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite >= PING_EVERY_MS) {
        await stream.writeSSE({ event: "ping", data: "{}" });
        lastWrite = Date.now();
      }
    }
  }) as never;
};
