import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { CreateApiClientSchema } from "../../src/http/routes/clients/clients.schemas";
import { AddAvoidPairSchema } from "../../src/http/routes/event-people/event-people.schemas";
import { CreateEventSchema, UpdateEventSchema } from "../../src/http/routes/events/events.schemas";
import { CreateOrganizationSchema } from "../../src/http/routes/orgs/orgs.schemas";
import { CreatePlayerSchema, UpdatePlayerSchema } from "../../src/http/routes/players/players.schemas";
import { CreateSeriesSchema, UpdateSeriesSchema } from "../../src/http/routes/series/series.schemas";
import { CreateSessionSchema } from "../../src/http/routes/sessions/sessions.schemas";
import {
  CorrectResultSchema,
  DisputeResultSchema,
  DisqualifySchema,
  FinalizeResultSchema,
} from "../../src/http/routes/tables/tables.schemas";
import { CreateWebhookSchema } from "../../src/http/routes/webhooks/webhooks.schemas";
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

  it.each([
    ["a Hangul filler (U+3164)", "\u3164"],
    ["Hangul fillers of every width", "\u115F\u1160\uFFA0"],
    ["a braille blank (U+2800)", "\u2800\u2800"],
    ["combining marks alone", "\u0301\u0308"],
    ["tag characters", "\u{E0041}\u{E0042}"],
    ["an Arabic letter mark (U+061C)", "\u061C"],
    ["variation selectors alone", "\uFE0F\u{E0100}"],
    ["spaces of other widths", "\u3000\u2003\u00A0"],
    ["a soft hyphen and a word joiner", "\u00AD\u2060"],
  ])("refuses a name made only of %s, on every text field people read", async (_, blank) => {
    const { api, owner } = await store();
    const event = (await api.post(`/v1/orgs/${owner.orgId}/events`, { name: "Cup" })).body;
    const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "Day 1" })).body;
    const refusals = [
      ["player name", await api.post(`/v1/orgs/${owner.orgId}/players`, { name: blank })],
      ["event name", await api.post(`/v1/orgs/${owner.orgId}/events`, { name: blank })],
      ["event venue", await api.patch(`/v1/events/${event.id}`, { venue: blank })],
      ["session name", await api.post(`/v1/events/${event.id}/sessions`, { name: blank })],
      ["session venue", await api.post(`/v1/events/${event.id}/sessions`, { name: "S", venue: blank })],
      ["client name", await api.post(`/v1/orgs/${owner.orgId}/clients`, { name: blank, role: "reader" })],
      [
        "series name",
        await api.post(`/v1/orgs/${owner.orgId}/series`, {
          name: blank,
          selection: { kind: "tag", tag: "x" },
        }),
      ],
      ["query", await api.get(`/v1/orgs/${owner.orgId}/players?q=${encodeURIComponent(blank)}`)],
    ] as const;
    for (const [field, res] of refusals) {
      // An optional field of only spaces is trimmed to nothing: stored empty, nothing blank shown.
      if (field.endsWith("venue") && res.status < 300) {
        expect(res.body.venue).toBe("");
        continue;
      }
      expect(res.status, `${field}: ${res.text}`).toBe(422);
      expect(res.body.code, field).toMatch(/^(invalid_text|validation_failed)$/);
    }
    expect(session.id).toBeDefined();
  });

  it.each([
    ["a tag character", "Ana\u{E0041}Bell"],
    ["a cancel tag", "Jonas\u{E007F}"],
    ["an Arabic letter mark (U+061C)", "Jo\u061Cnas"],
    ["a line separator (U+2028)", "Ana\u2028Bell"],
    ["a paragraph separator (U+2029)", "Ana Bell\u2029x"],
  ])("refuses a name with %s inside it, and a reason too", async (_, text) => {
    const { api, owner } = await store();
    const res = await api.post(`/v1/orgs/${owner.orgId}/players`, { name: text });
    expect(res.status, res.text).toBe(422);
    expect(res.body).toMatchObject({ code: "invalid_text", errors: [{ path: "name" }] });
    const event = (await api.post(`/v1/orgs/${owner.orgId}/events`, { name: "Cup" })).body;
    const pair = await api.post(`/v1/events/${event.id}/avoid-pairs`, {
      playerIds: ["ply_a", "ply_b"],
      reason: `Siblings ${text}`,
    });
    expect(pair.status, pair.text).toBe(422);
    expect(pair.body).toMatchObject({ code: "invalid_text", errors: [{ path: "reason" }] });
  });

  it("accepts a subdivision flag, whose tag characters draw the flag", async () => {
    const { api, owner } = await store();
    const england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
    const res = await api.post(`/v1/orgs/${owner.orgId}/players`, { name: `Ana ${england}` });
    expect(res.status, res.text).toBe(201);
    expect(res.body.name).toBe(`Ana ${england}`);
  });

  it("accepts names with at least one visible character, emoji and marks on letters included", async () => {
    const { api, owner } = await store();
    for (const name of ["Ž\u0301", "\u3164Jonas", "🎲", "Ōtsuka 大塚", "X\uFE0F", "·"]) {
      const res = await api.post(`/v1/orgs/${owner.orgId}/players`, { name });
      expect(res.status, name).toBe(201);
    }
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

describe("every text field people read has a visible character in its schema too", () => {
  const blank = "\u3164\u2800";
  const ids = ["ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", "ply_01JDQ70B1N7S3T5V7X9Z1B3D5F"];
  const sheet = { scores: [{ playerId: ids[0], vp: 10 }], winnerId: ids[0] };
  const selection = { kind: "tag", tag: "national-2026" };
  // Each schema with its one text field set to blank-looking text (the table page's forms parse
  // these schemas without the middleware).
  const fields: [string, z.ZodType, Record<string, unknown>][] = [
    ["organisation name", CreateOrganizationSchema, { name: blank, kind: "store" }],
    ["player name", CreatePlayerSchema, { name: blank }],
    ["player rename", UpdatePlayerSchema, { name: blank }],
    ["event name", CreateEventSchema, { name: blank }],
    ["event venue", UpdateEventSchema, { venue: blank }],
    ["session name", CreateSessionSchema, { name: blank }],
    ["session venue", CreateSessionSchema, { name: "Day 1", venue: blank }],
    ["client name", CreateApiClientSchema, { name: blank, role: "reader" }],
    ["webhook description", CreateWebhookSchema, { url: "https://x.example/h", description: blank }],
    ["avoid-pair reason", AddAvoidPairSchema, { playerIds: ids, reason: blank }],
    ["series name", CreateSeriesSchema, { name: blank, selection }],
    ["series rename", UpdateSeriesSchema, { name: blank }],
    ["dispute reason", DisputeResultSchema, { playerId: ids[0], reason: `${blank}${blank}` }],
    ["correction reason", CorrectResultSchema, { ...sheet, reason: `${blank}${blank}` }],
    ["finalisation reason", FinalizeResultSchema, { reason: blank }],
    ["disqualification reason", DisqualifySchema, { playerId: ids[0], reason: `${blank}${blank}` }],
  ];
  it.each(fields)("%s", (_, schema, input) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain("visible character");
  });
});

describe("one text policy for every input channel", () => {
  it("GraphQL string arguments follow the same rules: refused naming the argument, else NFC", async () => {
    const { app, api, owner } = await store();
    await api.post(`/v1/orgs/${owner.orgId}/players`, { name: "Rūta" });
    const query = async (search: string) => {
      const res = await app.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...owner.auth },
        body: JSON.stringify({
          query: "query($org: ID!, $q: String) { players(orgId: $org, search: $q) { nodes { name } } }",
          variables: { org: owner.orgId, q: search },
        }),
      });
      return (await res.json()) as {
        data?: { players: { nodes: { name: string }[] } } | null;
        errors?: { extensions: { code: string; errors?: { path: string }[] } }[];
      };
    };
    for (const bad of ["R\u202Eta", "Ru\u061Cta", "R\u{E0041}uta", "R\u2028uta"]) {
      const body = await query(bad);
      expect(body.errors?.[0]?.extensions, bad).toMatchObject({
        code: "invalid_text",
        errors: [{ path: "search" }],
      });
    }
    const found = await query("Ru\u0304ta");
    expect(found.errors).toBeUndefined();
    expect(found.data?.players.nodes.map((p) => p.name)).toEqual(["Rūta"]);
  });
});
