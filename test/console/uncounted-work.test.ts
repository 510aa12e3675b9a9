/**
 * What a signed-in device asks of the server is counted by the rate limits, even when it is
 * refused: a write from another site, and a console form naming no action, each cost database
 * reads and must spend the device's budget like any other request.
 */
import { describe, expect, it } from "vitest";
import {
  createMemoryRateLimiter,
  RATE_LIMIT_POLICIES,
  type RateLimitPolicies,
} from "../../src/http/rate-limit";
import { pairDevice, SITE } from "../helpers/console";
import { pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";

async function limitedDesk(policies: Partial<RateLimitPolicies> = {}) {
  const { app, db } = await createTestApp({
    limits: {
      rateLimiter: createMemoryRateLimiter(),
      clientAddress: () => "192.0.2.77",
      rateLimitPolicies: { ...RATE_LIMIT_POLICIES, ...policies },
    },
  });
  const f = await pagesFixture(app, db);
  const laptop = await pairDevice(app, f.api, f.orgId, { name: "Desk laptop", role: "owner" });
  return { app, f, laptop };
}

describe("a signed-in device's refused requests", () => {
  it("counts a write refused as cross-site on the device's client, until its 429", async () => {
    // Above what the fixture's own client writes: the device's client starts at zero.
    const write = { ...RATE_LIMIT_POLICIES.write, limit: 20 };
    const { app, f, laptop } = await limitedDesk({ write });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await app.request(`/v1/orgs/${f.orgId}/players`, {
        method: "POST",
        // The device's cookie, without this site's Origin: what another site's form sends.
        headers: { cookie: laptop.cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: `Cross ${i}` }),
      });
      if (i === 0) {
        expect((await res.json()).code).toBe("cross_site_request");
        expect(res.headers.get("ratelimit-policy")).toBe('"write";q=20;w=60, "org-write";q=480;w=60');
      }
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(20).fill(403), 429, 429]);
  });

  it("answers a console form naming no action without rendering the page it posted to", async () => {
    const { app, f, laptop } = await limitedDesk();
    for (let i = 0; i < 2; i++) {
      const res = await app.request(`/console/e/${f.eventId}`, {
        method: "POST",
        headers: {
          cookie: laptop.cookie,
          origin: SITE,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams([["action", "no-such-action"]]),
      });
      const html = await res.text();
      expect(res.status).toBe(422);
      // Counted by no limit (the console's forms are counted as the API requests they make).
      expect(res.headers.get("ratelimit-policy")).toBeNull();
      expect(html).toContain("Unknown action &#39;no-such-action&#39;.");
      // The event page's reads are not made for a form that does nothing.
      expect(html).not.toContain("Baltic Championship 2026");
    }
  });
});
