import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { apiClients, organizations } from "../../src/db/schema";
import type { App } from "../../src/http/app";
import { addClient, bearer, type ClientAuth, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

let app: App;
let db: Database;
let federation: OrgClient;
let store: OrgClient;
let sibling: OrgClient;
let foreign: OrgClient;
let storeReader: ClientAuth;

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  federation = await createOrgClient(app, db, { name: "Federation", kind: "federation" });
  store = await createOrgClient(app, db, { name: "Store", parentOrgId: federation.orgId });
  sibling = await createOrgClient(app, db, { name: "Sibling store", parentOrgId: federation.orgId });
  foreign = await createOrgClient(app, db, { name: "Foreign store" });
  storeReader = await addClient(app, db, store.orgId, "reader");
});

/** Every row the auth routes can change, to prove a refused request changed nothing. */
async function snapshot() {
  return {
    orgs: await db.select().from(organizations).orderBy(asc(organizations.id)),
    clients: await db.select().from(apiClients).orderBy(asc(apiClients.id)),
  };
}

const send = (method: string, path: string, auth: Record<string, string>, body?: unknown) =>
  app.request(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Every id-bearing route of the auth and organisation API, aimed at the store's data. */
function storeRoutes(): { method: string; path: string; body?: unknown }[] {
  return [
    { method: "GET", path: `/v1/orgs/${store.orgId}` },
    { method: "GET", path: `/v1/orgs/${store.orgId}/children` },
    { method: "GET", path: `/v1/orgs/${store.orgId}/clients` },
    { method: "POST", path: `/v1/orgs/${store.orgId}/clients`, body: { name: "intruder", role: "owner" } },
    { method: "GET", path: `/v1/orgs/${store.orgId}/clients/${storeReader.clientId}` },
    { method: "DELETE", path: `/v1/orgs/${store.orgId}/clients/${storeReader.clientId}` },
  ];
}

describe("cross-tenant: another organisation's token gets 404 and changes nothing", () => {
  for (const [who, caller] of [
    ["an unrelated store", () => foreign],
    ["a sibling store under the same federation", () => sibling],
  ] as const) {
    it(`${who}: every id-bearing route answers 404`, async () => {
      const before = await snapshot();
      for (const route of storeRoutes()) {
        const res = await send(route.method, route.path, caller().auth, route.body);
        expect(res.status, `${route.method} ${route.path}`).toBe(404);
        expect((await res.json()).code).toBe("organization_not_found");
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it("a 404 for a foreign organisation looks exactly like one for an id that does not exist", async () => {
    const missing = "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A";
    const a = await (await send("GET", `/v1/orgs/${store.orgId}`, foreign.auth)).json();
    const b = await (await send("GET", `/v1/orgs/${missing}`, foreign.auth)).json();
    expect({ ...a, detail: "", instance: "", requestId: "" }).toEqual({
      ...b,
      detail: "",
      instance: "",
      requestId: "",
    });
  });

  it("a client id of another organisation under one's own organisation path is 404, and stays active", async () => {
    const before = await snapshot();
    for (const method of ["GET", "DELETE"]) {
      const res = await send(method, `/v1/orgs/${foreign.orgId}/clients/${store.clientId}`, foreign.auth);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("client_not_found");
    }
    expect(await snapshot()).toEqual(before);
    expect((await send("GET", `/v1/orgs/${store.orgId}`, store.auth)).status).toBe(200);
  });

  it("lists never include another organisation's rows", async () => {
    const res = await send("GET", `/v1/orgs/${foreign.orgId}/clients?limit=500`, foreign.auth);
    const { data } = await res.json();
    expect(data.map((c: { orgId: string }) => c.orgId)).toEqual([foreign.orgId]);
    const children = await (
      await send("GET", `/v1/orgs/${federation.orgId}/children`, federation.auth)
    ).json();
    expect(children.data.map((o: { id: string }) => o.id).sort()).toEqual(
      [store.orgId, sibling.orgId].sort(),
    );
  });
});

describe("a parent organisation reads its children but cannot write to them", () => {
  it("reads the child organisation", async () => {
    const res = await send("GET", `/v1/orgs/${store.orgId}`, federation.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: store.orgId, parentOrgId: federation.orgId });
  });

  it("cannot create, list, read or revoke the child's clients (403 read_only_ancestor), nothing changes", async () => {
    const before = await snapshot();
    for (const route of storeRoutes().filter((r) => r.path.includes("/clients"))) {
      const res = await send(route.method, route.path, federation.auth, route.body);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect((await res.json()).code).toBe("read_only_ancestor");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a child cannot read its parent", async () => {
    expect((await send("GET", `/v1/orgs/${federation.orgId}`, store.auth)).status).toBe(404);
  });
});

describe("tenancy helpers for the workflow services", () => {
  it("bearer() builds request headers", () => {
    expect(bearer("t", true)).toEqual({ authorization: "Bearer t", "content-type": "application/json" });
  });
});
