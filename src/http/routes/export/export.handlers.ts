import type { RouteHandler } from "@hono/zod-openapi";
import { stream } from "hono/streaming";
import { exportRecords, exportRecordsSince, openExport } from "../../../services/export";
import {
  assertCursorRetained,
  decodeExportCursor,
  encodeExportCursor,
  type OrgChangeFeed,
  openOrgChanges,
} from "../../../services/webhooks";
import { type AppEnv, serviceContext } from "../../context";
import type { exportOrganization } from "./export.routes";

/** The tree's notifications in (after, through], a page at a time. */
async function* changesBetween(feed: OrgChangeFeed, after: number, through: number) {
  let cursor = after;
  for (;;) {
    const page = (await feed.after(cursor, 500)).filter((c) => c.seq <= through);
    yield* page;
    if (page.length < 500) return;
    cursor = page.at(-1)!.seq;
  }
}

export const exportOrganizationHandler: RouteHandler<typeof exportOrganization, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const { orgId } = c.req.valid("param");
  const query = c.req.valid("query");
  // Authorise and check the cursor before the first byte: once streaming, a failure can no longer be a 4xx.
  const orgIds = await openExport(ctx, orgId, query.include === "descendants");
  const feed = await openOrgChanges(ctx, orgId);
  const since = query.since ? decodeExportCursor(query.since) : null;
  if (since) await assertCursorRetained(feed, since);
  // The next cursor is fixed before reading: whatever commits during the export comes next time.
  const latest = await feed.latest();
  const next = encodeExportCursor({ seq: latest, at: ctx.clock().toISOString() });
  c.header("content-type", "application/x-ndjson; charset=utf-8");
  c.header("cache-control", "private, no-store");
  return stream(c, async (out) => {
    const records = since
      ? exportRecordsSince(ctx, orgIds, since, changesBetween(feed, since.seq, latest))
      : exportRecords(ctx, orgIds);
    for await (const record of records) await out.write(`${JSON.stringify(record)}\n`);
    await out.write(`${JSON.stringify({ type: "cursor", next })}\n`);
  }) as never;
};
