import { stream } from "hono/streaming";
import { exportRecords, exportRecordsSince, openExport } from "../../../services/export";
import {
  assertCursorRetained,
  decodeExportCursor,
  encodeExportCursor,
  openOrgChanges,
} from "../../../services/outbox";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import * as r from "./export.routes";

export const exportRouter = createRouter();

exportRouter.openapi(r.exportOrganization, async (c) => {
  const ctx = serviceContext(c);
  const { orgId } = c.req.valid("param");
  const query = c.req.valid("query");
  // Authorise and check the cursor before the first byte: once streaming, a failure can no longer be a 4xx.
  const since = query.since ? decodeExportCursor(query.since) : null;
  // Both authorise; the feed's position comes in the same wave.
  const [orgIds, feed] = await Promise.all([
    openExport(ctx, orgId, query.include === "descendants"),
    openOrgChanges(ctx, orgId),
  ]);
  if (since) assertCursorRetained(feed, since);
  // The next cursor is fixed before reading: whatever commits during the export comes next time.
  const { latest } = feed.position;
  const next = encodeExportCursor({ seq: latest, at: ctx.clock().toISOString() });
  c.header("content-type", "application/x-ndjson; charset=utf-8");
  c.header("cache-control", "private, no-store");
  // Saved from a browser or `curl -OJ`, the file says whose it is, when, and whether it is whole.
  const day = ctx.clock().toISOString().slice(0, 10);
  c.header(
    "content-disposition",
    `attachment; filename="${orgId}-${since ? "changes" : "export"}-${day}.ndjson"`,
  );
  // @hono/zod-openapi types an application/x-ndjson response as `never`: the stream is a plain Response.
  return stream(c, async (out) => {
    const records = since
      ? exportRecordsSince(ctx, orgIds, since, latest, feed.after)
      : exportRecords(ctx, orgIds);
    for await (const record of records) await out.write(`${JSON.stringify(record)}\n`);
    await out.write(`${JSON.stringify({ type: "cursor", next })}\n`);
  }) as never;
});
