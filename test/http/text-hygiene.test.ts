import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

async function store() {
  const ctx = await createTestApp();
  const owner = await createOrgClient(ctx.app, ctx.db);
  return { ...ctx, owner, api: jsonRequest(ctx.app, owner.auth) };
}

describe("text hygiene on every string input", () => {
  it("refuses a NUL inside a membership number with 422 naming the field (it used to truncate)", async () => {
    const { api, owner } = await store();
    const res = await api.post(`/v1/orgs/${owner.orgId}/players`, {
      name: "Nul",
      externalId: "NUL-1\u0000-x",
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "invalid_text", errors: [{ path: "externalId" }] });
    const list = await api.get(`/v1/orgs/${owner.orgId}/players`);
    expect(list.body.data).toEqual([]);
  });

  it.each([
    ["a C1 control", "Ana\u0085"],
    ["a right-to-left override", "\u202EnayR"],
    ["a bidi isolate", "Ana\u2066x\u2069"],
    ["only zero-width characters", "\u200B\u200D\uFEFF"],
  ])("refuses a name with %s", async (_, name) => {
    const { api, owner } = await store();
    const res = await api.post(`/v1/orgs/${owner.orgId}/players`, { name });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ path: "name", message: expect.any(String) }]);
  });

  it("names the path of a bad string deep in a body, and in a query string", async () => {
    const { api, owner } = await store();
    const event = (await api.post(`/v1/orgs/${owner.orgId}/events`, { name: "Cup" })).body;
    const res = await api.post(`/v1/events/${event.id}/avoid-pairs`, { playerIds: ["ply_a", "ply_\u0007"] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ path: "playerIds[1]", message: expect.any(String) }]);
    const query = await api.get(`/v1/orgs/${owner.orgId}/players?q=${encodeURIComponent("a\u202Eb")}`);
    expect(query.status).toBe(422);
    expect(query.body.errors).toEqual([{ path: "q", message: expect.any(String) }]);
  });

  it("stores NFC, trimmed text, and checks externalId uniqueness on that form", async () => {
    const { api, owner } = await store();
    const decomposed = "  Ru\u0304ta  ";
    const created = await api.post(`/v1/orgs/${owner.orgId}/players`, {
      name: decomposed,
      externalId: " U\u0308-7 ",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Rūta", externalId: "Ü-7" });
    const twin = await api.post(`/v1/orgs/${owner.orgId}/players`, { name: "Twin", externalId: "Ü-7" });
    expect(twin.status).toBe(409);
    const found = await api.get(
      `/v1/orgs/${owner.orgId}/players?externalId=${encodeURIComponent("U\u0308-7")}`,
    );
    expect(found.body.data.map((p: { name: string }) => p.name)).toEqual(["Rūta"]);
  });

  it("finds names case- and accent-insensitively", async () => {
    const { api, owner } = await store();
    await api.post(`/v1/orgs/${owner.orgId}/players`, { name: "Rūta Kazlauskaitė" });
    await api.post(`/v1/orgs/${owner.orgId}/players`, { name: "Jonas" });
    for (const q of ["ruta", "RŪTA", "kazlauskaite", "Ru\u0304ta"]) {
      const res = await api.get(`/v1/orgs/${owner.orgId}/players?q=${encodeURIComponent(q)}`);
      expect(
        res.body.data.map((p: { name: string }) => p.name),
        q,
      ).toEqual(["Rūta Kazlauskaitė"]);
    }
  });
});
