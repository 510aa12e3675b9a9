import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openNodeDatabase } from "../../src/db/node";
import { bearer, fetchToken } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

// `npm run -s demo -- --json` on an empty database: one JSON object on stdout with the demo
// organisation's owner credentials, which get a token that reads the demo chain.
let dir: string;
let databaseUrl: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "catan-demo-"));
  databaseUrl = `file:${join(dir, "catan.db")}`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run demo", () => {
  it("--json prints the demo organisation's credentials, the event and the first admin, and they work", async () => {
    const stdout = execFileSync("npm", ["run", "-s", "demo", "--", "--json"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
    const demo = JSON.parse(stdout);
    expect(demo).toMatchObject({
      orgId: expect.stringMatching(/^org_/),
      clientId: expect.stringMatching(/^cli_/),
      clientSecret: expect.stringMatching(/^cs_/),
      eventId: expect.stringMatching(/^evt_/),
      sessionIds: [expect.any(String), expect.any(String), expect.any(String)],
      admin: { clientId: expect.stringMatching(/^cli_/), clientSecret: expect.stringMatching(/^cs_/) },
    });
    const { db, client } = openNodeDatabase(databaseUrl);
    try {
      const { app } = await createTestApp({ storage: { db } });
      const token = await fetchToken(app, demo.clientId, demo.clientSecret);
      const org = await app.request(`/v1/orgs/${demo.orgId}`, { headers: bearer(token) });
      expect(await org.json()).toMatchObject({ kind: "chain", name: "Baltic Board Games (demo chain)" });
      const clients = await app.request(`/v1/orgs/${demo.orgId}/clients`, { headers: bearer(token) });
      expect((await clients.json()).data).toMatchObject([{ clientId: demo.clientId, role: "owner" }]);
      const standings = await app.request(`/v1/events/${demo.eventId}/standings`);
      expect((await standings.json()).rows[0].player.name).toBe(demo.champion);
    } finally {
      client.close();
    }
  }, 120_000);
});
