/**
 * The venue pages are what a venue's phones and screens poll: their rankings come from the
 * response cache, as the API's and GraphQL's do, so a page asked again while no result changed
 * does not rank the event again.
 */
import { describe, expect, it } from "vitest";
import { pagesFixture, submitSigned } from "../helpers/pages-fixture";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";

describe("the venue pages' rankings", () => {
  it("are built once per results version, not on every request", async () => {
    const counting = await createCountingTestDatabase();
    const { app } = await createTestApp({ storage: { db: counting.db } });
    const f = await pagesFixture(app, counting.db);
    await submitSigned(f.api, f.round.tables[0]!);
    for (const path of [`/e/${f.eventId}`, `/e/${f.eventId}/screen`]) {
      const measure = async () => {
        const before = counting.calls();
        const res = await app.request(path);
        expect(res.status, path).toBe(200);
        return { calls: counting.calls() - before, html: await res.text() };
      };
      const first = await measure();
      const again = await measure();
      expect(again.html, path).toBe(first.html);
      // The scopes are read again (they authorise and tag the rankings); the rankings' data is not.
      expect(again.calls, path).toBeLessThan(first.calls);
    }
  });
});
