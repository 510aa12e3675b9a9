import { openOrgChanges } from "../../../services/outbox";
import { serviceContext } from "../../context";
import type { Handler } from "../handler";
import { openStream } from "./open-stream";
import type * as r from "./org-changes.routes";

/** The organisation tree's feed: authorised here, then served like the per-event feed. */
export const streamOrgChangesHandler: Handler<typeof r.streamOrgChanges> = async (c) => {
  const { orgId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const lastEventId = c.req.valid("header")["last-event-id"];
  return openStream(c, maxSeconds, async () => {
    const feed = await openOrgChanges(serviceContext(c), orgId);
    return {
      kind: "org",
      id: orgId,
      prunedThrough: feed.position.prunedThrough,
      ...(lastEventId === undefined ? {} : { lastEventId: Number(lastEventId) }),
    };
  });
};
