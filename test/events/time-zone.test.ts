/**
 * One spelling per concept: an event's time zone is `timeZone`, as a session's is (and as
 * JavaScript's Intl spells it). `timezone` is its deprecated spelling: still accepted and sent
 * (docs/versioning.md), marked deprecated in the OpenAPI document and the GraphQL schema.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { generateOpenApiDocument } from "../../src/http/openapi/generate";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: OrgClient;
let api: JsonClient;

beforeAll(async () => {
  ctx = await createTestApp();
  store = await createOrgClient(ctx.app, ctx.db);
  api = jsonRequest(ctx.app, store.auth);
});

const create = (body: Record<string, unknown>) => api.post(`/v1/orgs/${store.orgId}/events`, body);

describe("an event's time zone", () => {
  it("is timeZone, as a session's is; the deprecated timezone carries the same value", async () => {
    const res = await create({ name: "Zoned", timeZone: "Europe/Vilnius" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.timeZone).toBe("Europe/Vilnius");
    expect(res.body.timezone).toBe("Europe/Vilnius");
    const read = await api.get(`/v1/events/${res.body.id}`);
    expect(read.body).toMatchObject({ timeZone: "Europe/Vilnius", timezone: "Europe/Vilnius" });
    const session = await api.post(`/v1/events/${res.body.id}/sessions`, {
      name: "S",
      date: "2026-12-05",
      startsAt: "2026-12-05T10:00",
      timeZone: "Europe/Vilnius",
    });
    expect(session.status, session.text).toBe(201);
    expect(session.body.timeZone).toBe(res.body.timeZone);
  });

  it("is still accepted as timezone while deprecated, and changed by either spelling", async () => {
    const res = await create({ name: "Old spelling", timezone: "Europe/Paris" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.timeZone).toBe("Europe/Paris");
    const renamed = await api.patch(`/v1/events/${res.body.id}`, { timeZone: "America/New_York" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ timeZone: "America/New_York", timezone: "America/New_York" });
    const cleared = await api.patch(`/v1/events/${res.body.id}`, { timezone: null });
    expect(cleared.body).toMatchObject({ timeZone: null, timezone: null });
  });

  it("refuses two spellings that disagree, and a zone that is not IANA, naming the field", async () => {
    const both = await create({ name: "Both", timeZone: "Europe/Vilnius", timezone: "Europe/Paris" });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual([{ path: "timezone", message: expect.stringContaining("timeZone") }]);
    const same = await create({ name: "Both alike", timeZone: "Europe/Vilnius", timezone: "Europe/Vilnius" });
    expect(same.status, same.text).toBe(201);
    const bad = await create({ name: "Bad", timeZone: "Not/AZone" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("timeZone");
  });

  it("is marked deprecated in the OpenAPI document under its old spelling only", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
    const doc = (await generateOpenApiDocument()) as any;
    for (const name of ["Event", "CreateEvent", "UpdateEvent"]) {
      const props = doc.components.schemas[name].properties;
      expect(props.timeZone, name).toBeDefined();
      expect(props.timeZone.deprecated, name).toBeUndefined();
      expect(props.timezone.deprecated, name).toBe(true);
    }
    expect(doc.components.schemas.Event.required).toContain("timeZone");
  });

  it("is timeZone in GraphQL too, timezone deprecated there", async () => {
    const res = await ctx.app.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: '{ __type(name: "Event") { fields(includeDeprecated: true) { name isDeprecated } } }',
      }),
    });
    const fields = (await res.json()).data.__type.fields as { name: string; isDeprecated: boolean }[];
    expect(fields.find((f) => f.name === "timeZone")).toEqual({ name: "timeZone", isDeprecated: false });
    expect(fields.find((f) => f.name === "timezone")).toEqual({ name: "timezone", isDeprecated: true });
  });
});
