import { beforeAll, describe, expect, it } from "vitest";
import { generateOpenApiDocument } from "../../src/http/openapi/generate";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { handSeating, range, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// Rules 1.1.1 and 1.1.2 (docs/rules.md#edition-and-language): an event may state the CATAN
// edition all its games use and the tournament's language; both are shown to players.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: OrgClient;
let api: JsonClient;

beforeAll(async () => {
  ctx = await createTestApp();
  store = await createOrgClient(ctx.app, ctx.db);
  api = jsonRequest(ctx.app, store.auth);
});

const create = (body: Record<string, unknown>) => api.post(`/v1/orgs/${store.orgId}/events`, body);

describe("event edition and language", () => {
  it("are optional, null when not stated", async () => {
    const res = await create({ name: "No edition stated" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.edition).toBeNull();
    expect(res.body.language).toBeNull();
  });

  it("are stored on create, changed by PATCH, and read back", async () => {
    const res = await create({ name: "Vilnius Open", edition: "6th edition", language: "lt" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ edition: "6th edition", language: "lt" });
    const patched = await api.patch(`/v1/events/${res.body.id}`, { language: "en-GB", edition: null });
    expect(patched.status, patched.text).toBe(200);
    const read = await jsonRequest(ctx.app, {}).get(`/v1/events/${res.body.id}`);
    expect(read.body).toMatchObject({ edition: null, language: "en-GB" });
  });

  it("keep language tags canonical (BCP 47) and refuse what is not one, naming the field", async () => {
    const res = await create({ name: "Case", language: "FR-ca" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.language).toBe("fr-CA");
    const bad = await create({ name: "Bad", language: "not a language" });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain("language");
    const empty = await create({ name: "Empty", edition: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: { path: string }) => e.path)).toContain("edition");
  });

  it("are in the OpenAPI document (the event and the bodies that set them)", async () => {
    const doc = (await generateOpenApiDocument()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    for (const schema of ["Event", "CreateEvent", "UpdateEvent"]) {
      expect(Object.keys(doc.components.schemas[schema]!.properties), schema).toEqual(
        expect.arrayContaining(["edition", "language"]),
      );
    }
  });

  it("are in GraphQL and on the event page", async () => {
    const res = await create({ name: "Shown", edition: "5th edition", language: "fr" });
    const gql = await jsonRequest(ctx.app, {}).post("/graphql", {
      query: "query ($id: ID!) { event(id: $id) { edition language } }",
      variables: { id: res.body.id },
    });
    expect(gql.body).toEqual({ data: { event: { edition: "5th edition", language: "fr" } } });
    for (const [lang, label] of [
      ["en", "Edition"],
      ["fr", "Édition"],
      ["lt", "Leidimas"],
    ] as const) {
      const page = await (await ctx.app.request(`/e/${res.body.id}?lang=${lang}`)).text();
      expect(page, lang).toContain(label);
      expect(page).toContain("5th edition");
    }
    // The language in the reader's own words.
    const en = await (await ctx.app.request(`/e/${res.body.id}?lang=en`)).text();
    expect(en).toContain("French");
    const lt = await (await ctx.app.request(`/e/${res.body.id}?lang=lt`)).text();
    expect(lt).toContain("prancūzų");
  });
});

describe("the edition once a game is seated (rule 1.1.2)", () => {
  it("cannot change: 409 edition_locked naming the field; other fields still change", async () => {
    const t = await tournament(api, store.orgId, 12, "Edition locked");
    expect((await api.patch(`/v1/events/${t.eventId}`, { edition: "6th edition" })).status).toBe(200);
    const session = await t.session("Day 1", "2026-12-05", range(1, 12));
    await t.seatGame(session, handSeating(range(1, 12), 1));
    const res = await api.patch(`/v1/events/${t.eventId}`, { edition: "5th edition" });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: "edition_locked", rule: "1.1.2" });
    expect(res.body.errors?.[0]?.path ?? res.body.issues?.[0]?.path).toBe("edition");
    const same = await api.patch(`/v1/events/${t.eventId}`, { edition: "6th edition", language: "en" });
    expect(same.status, same.text).toBe(200);
  });
});
