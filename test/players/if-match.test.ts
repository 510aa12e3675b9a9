import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let owner: OrgClient;
let api: JsonClient;

beforeAll(async () => {
  const t = await createTestApp();
  app = t.app;
  owner = await createOrgClient(app, t.db);
  api = jsonRequest(app, owner.auth);
});

async function newPlayer(name: string): Promise<string> {
  const res = await api.post(`/v1/orgs/${owner.orgId}/players`, { name });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("PATCH /v1/players/{id} with If-Match", () => {
  it("sends the same strong ETag on GET and PATCH, and 304s a poll with it", async () => {
    const id = await newPlayer("Ana");
    const get = await app.request(`/v1/players/${id}`, { headers: owner.auth });
    const etag = get.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    const poll = await app.request(`/v1/players/${id}`, {
      headers: { ...owner.auth, "if-none-match": etag! },
    });
    expect(poll.status).toBe(304);

    const patch = await api.patch(`/v1/players/${id}`, { name: "Ana B." }, { "if-match": etag! });
    expect(patch.status).toBe(200);
    const next = patch.headers.get("etag");
    expect(next).toMatch(/^"[0-9a-f]{24}"$/);
    expect(next).not.toBe(etag);
    const again = await app.request(`/v1/players/${id}`, { headers: owner.auth });
    expect(again.headers.get("etag")).toBe(next);
  });

  it("answers 412 version_mismatch to a stale ETag and leaves the player as it was", async () => {
    const id = await newPlayer("Bo");
    const etag = (await app.request(`/v1/players/${id}`, { headers: owner.auth })).headers.get("etag")!;
    expect((await api.patch(`/v1/players/${id}`, { name: "Bo 1" }, { "if-match": etag })).status).toBe(200);

    const stale = await api.patch(`/v1/players/${id}`, { name: "Bo 2" }, { "if-match": etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: "version_mismatch" });
    const player = await (await app.request(`/v1/players/${id}`, { headers: owner.auth })).json();
    expect(player).toMatchObject({ name: "Bo 1" });
  });

  it("lets exactly one of two racing writes with the same ETag win", async () => {
    const id = await newPlayer("Cy");
    const etag = (await app.request(`/v1/players/${id}`, { headers: owner.auth })).headers.get("etag")!;
    const statuses = (
      await Promise.all(
        ["Cy 1", "Cy 2"].map((name) => api.patch(`/v1/players/${id}`, { name }, { "if-match": etag })),
      )
    )
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 412]);
  });

  it("accepts `*` and no If-Match at all (an unconditional change)", async () => {
    const id = await newPlayer("Di");
    expect((await api.patch(`/v1/players/${id}`, { name: "Di 1" }, { "if-match": "*" })).status).toBe(200);
    expect((await api.patch(`/v1/players/${id}`, { name: "Di 2" })).status).toBe(200);
  });
});
