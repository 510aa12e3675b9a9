/**
 * A session's roster as CSV, read with a device's cookie, holds what only the organisation reads
 * (the players' external ids): like the JSON read of the same list, it is Cache-Control: private,
 * so a shared cache never keeps it for the next reader of the public event.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { pairDevice } from "../helpers/console";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";

let app: App;
let f: PagesFixture;

beforeAll(async () => {
  let db: Parameters<typeof pagesFixture>[1];
  ({ app, db } = await createTestApp());
  f = await pagesFixture(app, db);
  const res = await f.api.patch(`/v1/players/${f.playerIds[0]}`, {
    externalId: "LT-SECRET-7",
  });
  if (res.status !== 200) throw new Error(`player: ${res.status} ${res.text}`);
});

describe("a public session's CSV read with a device's cookie", () => {
  it("the roster, with the organisation's external ids, is private like its JSON", async () => {
    const { cookie } = await pairDevice(app, f.api, f.orgId, { name: "Desk laptop", role: "owner" });
    const json = await app.request(`/v1/sessions/${f.sessionId}/players`, { headers: { cookie } });
    expect(json.headers.get("cache-control")).toBe("private, no-cache");
    const csv = await app.request(`/v1/sessions/${f.sessionId}/players.csv`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("LT-SECRET-7");
    expect(csv.headers.get("cache-control")).toBe("private, no-cache");
    // The public's copy has no external id, and shared caches may keep it.
    const anonymous = await app.request(`/v1/sessions/${f.sessionId}/players.csv`);
    expect(await anonymous.text()).not.toContain("LT-SECRET-7");
    expect(anonymous.headers.get("cache-control")).toBe("no-cache");
  });
});
