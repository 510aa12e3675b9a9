import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { apiClients, idempotencyKeys, organizations } from "../../src/db/schema";
import type { App } from "../../src/http/app";
import { hashClientSecret } from "../../src/services/auth";
import { encodeCursor } from "../../src/services/pagination";
import {
  adminAuth,
  bearer,
  type ClientAuth,
  createOrgClient,
  fetchToken,
  type OrgClient,
} from "../helpers/auth";
import { createTestApp, type TestLogger } from "../helpers/test-app";

let app: App;
let db: Database;
let logger: TestLogger;
let admin: ClientAuth;
let store: OrgClient;

beforeAll(async () => {
  ({ app, db, logger } = await createTestApp());
  admin = await adminAuth(app, db);
  store = await createOrgClient(app, db);
});

const post = (path: string, auth: Record<string, string>, body: unknown) =>
  app.request(path, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function counts() {
  return {
    orgs: (await db.select().from(organizations)).length,
    clients: (await db.select().from(apiClients)).length,
  };
}

describe("organisations", () => {
  it("the admin creates an organisation under a parent; its members read it", async () => {
    const res = await post("/v1/orgs", admin.auth, {
      name: "  Spielwiese Graz ",
      kind: "store",
      parentOrgId: store.orgId,
    });
    expect(res.status).toBe(201);
    const org = await res.json();
    expect(org).toEqual({
      id: expect.stringMatching(/^org_/),
      name: "Spielwiese Graz",
      kind: "store",
      parentOrgId: store.orgId,
      timeZone: null,
      createdAt: expect.any(String),
    });
    expect(res.headers.get("location")).toBe(`/v1/orgs/${org.id}`);
    expect((await app.request(`/v1/orgs/${org.id}`, { headers: store.auth })).status).toBe(200);
  });

  it("an unknown parent is a 422 naming parentOrgId", async () => {
    const res = await post("/v1/orgs", admin.auth, {
      name: "x",
      kind: "club",
      parentOrgId: "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A",
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([{ path: "parentOrgId", message: expect.any(String) }]);
  });

  it("an unknown kind or an empty name is a 422", async () => {
    expect((await post("/v1/orgs", admin.auth, { name: "x", kind: "castle" })).status).toBe(422);
    expect((await post("/v1/orgs", admin.auth, { name: " ", kind: "store" })).status).toBe(422);
  });
});

describe("mass assignment: unknown fields are refused with 422 and change nothing", () => {
  const extras = [
    { orgId: "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" },
    { role: "admin" },
    { status: "active" },
    { version: 3 },
  ];

  it("POST /v1/orgs", async () => {
    const before = await counts();
    for (const extra of [...extras, { id: "org_mine" }, { createdAt: "2000-01-01" }]) {
      const res = await post("/v1/orgs", admin.auth, { name: "Sneaky", kind: "store", ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(JSON.stringify((await res.json()).errors)).toContain(Object.keys(extra)[0]);
    }
    expect(await counts()).toEqual(before);
  });

  it("POST /v1/orgs/{orgId}/clients", async () => {
    const before = await counts();
    for (const extra of [...extras, { clientSecret: "cs_mine" }, { secretHash: "x" }, { revokedAt: null }]) {
      const res = await post(`/v1/orgs/${store.orgId}/clients`, store.auth, {
        name: "Bot",
        role: "reader",
        ...extra,
      });
      expect(res.status, JSON.stringify(extra)).toBe(422);
    }
    expect(await counts()).toEqual(before);
  });

  it("the admin role cannot be given to an organisation client", async () => {
    const res = await post(`/v1/orgs/${store.orgId}/clients`, store.auth, { name: "Bot", role: "admin" });
    expect(res.status).toBe(422);
  });
});

describe("client secrets", () => {
  it("are shown once, never again, never logged and never stored in plain text", async () => {
    const res = await post(`/v1/orgs/${store.orgId}/clients`, store.auth, {
      name: "Discord bot",
      role: "reporter",
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const created = await res.json();
    expect(created).toMatchObject({
      orgId: store.orgId,
      name: "Discord bot",
      role: "reporter",
      revokedAt: null,
    });
    const secret: string = created.clientSecret;
    expect(secret).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get("location")).toBe(`/v1/orgs/${store.orgId}/clients/${created.clientId}`);

    // It works, which also goes through the token endpoint's logging.
    const token = await fetchToken(app, created.clientId, secret);
    expect((await app.request(`/v1/orgs/${store.orgId}`, { headers: bearer(token) })).status).toBe(200);

    const [row] = await db.select().from(apiClients).where(eq(apiClients.id, created.clientId));
    expect(row?.secretHash).toBe(await hashClientSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(3));

    const one = await (
      await app.request(`/v1/orgs/${store.orgId}/clients/${created.clientId}`, { headers: store.auth })
    ).text();
    const list = await (
      await app.request(`/v1/orgs/${store.orgId}/clients?limit=500`, { headers: store.auth })
    ).text();
    for (const body of [one, list]) {
      expect(body).not.toContain(secret.slice(3));
      expect(body).not.toContain("secret");
      expect(body).not.toContain(row?.secretHash.slice(7));
    }
    expect(JSON.parse(one)).toEqual({ ...created, clientSecret: undefined });

    const logged = JSON.stringify(logger.lines);
    expect(logged).toContain(created.clientId);
    expect(logged).not.toContain(secret.slice(3));
    expect(logged).not.toContain(token.split(".")[2]);
  });

  it("are not stored or replayed by Idempotency-Key, and a retry mints no second secret (409 naming the client)", async () => {
    const send = () =>
      app.request(`/v1/orgs/${store.orgId}/clients`, {
        method: "POST",
        headers: { ...store.auth, "content-type": "application/json", "idempotency-key": "bot-1" },
        body: JSON.stringify({ name: "Retried bot", role: "reader" }),
      });
    const first = await (await send()).json();
    const stored = JSON.stringify(await db.select().from(idempotencyKeys));
    expect(stored).not.toContain(first.clientSecret.slice(3));
    const retry = await send();
    expect(retry.status).toBe(409);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    const body = await retry.json();
    expect(body).toMatchObject({ code: "client_already_created" });
    expect(body.detail).toContain(first.clientId);
    expect(body.clientSecret).toBeUndefined();
  });

  it("two clients never share a secret", async () => {
    const a = await (
      await post(`/v1/orgs/${store.orgId}/clients`, store.auth, { name: "a", role: "reader" })
    ).json();
    const b = await (
      await post(`/v1/orgs/${store.orgId}/clients`, store.auth, { name: "b", role: "reader" })
    ).json();
    expect(a.clientSecret).not.toBe(b.clientSecret);
  });

  it("revoking is idempotent and keeps the client listed with revokedAt", async () => {
    const created = await (
      await post(`/v1/orgs/${store.orgId}/clients`, store.auth, { name: "old", role: "reader" })
    ).json();
    const path = `/v1/orgs/${store.orgId}/clients/${created.clientId}`;
    expect((await app.request(path, { method: "DELETE", headers: store.auth })).status).toBe(204);
    expect((await app.request(path, { method: "DELETE", headers: store.auth })).status).toBe(204);
    const got = await (await app.request(path, { headers: store.auth })).json();
    expect(got.revokedAt).toEqual(expect.any(String));
  });
});

describe("pagination of GET /v1/orgs/{orgId}/clients", () => {
  let org: OrgClient;
  beforeAll(async () => {
    org = await createOrgClient(app, db, { name: "Many clients" });
    for (let i = 0; i < 6; i++)
      await post(`/v1/orgs/${org.orgId}/clients`, org.auth, { name: `c${i}`, role: "reader" });
  });

  it("walks every client exactly once, oldest first, with nextCursor null on the last page", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await app.request(`/v1/orgs/${org.orgId}/clients${query}`, { headers: org.auth });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { data: { clientId: string }[]; nextCursor: string | null };
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((c) => c.clientId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort()).toEqual(seen);
    const all = await db
      .select({ id: apiClients.id })
      .from(apiClients)
      .where(eq(apiClients.orgId, org.orgId))
      .orderBy(asc(apiClients.id));
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it("defaults to 50 and answers { data, nextCursor }", async () => {
    const page = await (await app.request(`/v1/orgs/${org.orgId}/clients`, { headers: org.auth })).json();
    expect(page).toEqual({ data: expect.any(Array), nextCursor: null });
    expect(page.data).toHaveLength(7);
  });

  it("accepts 500 and refuses more than 500, 0, non-numbers and foreign cursors with 422", async () => {
    expect((await app.request(`/v1/orgs/${org.orgId}/clients?limit=500`, { headers: org.auth })).status).toBe(
      200,
    );
    for (const query of [
      "limit=501",
      "limit=0",
      "limit=-1",
      "limit=abc",
      "limit=2.5",
      "cursor=garbage!",
      "cursor=Zm9v",
    ]) {
      const res = await app.request(`/v1/orgs/${org.orgId}/clients?${query}`, { headers: org.auth });
      expect(res.status, query).toBe(422);
      expect((await res.json()).code).toBe("validation_failed");
    }
  });

  it("a cursor from another list only moves the position; it never reveals rows", async () => {
    const res = await app.request(`/v1/orgs/${org.orgId}/clients?cursor=${encodeCursor(store.clientId)}`, {
      headers: org.auth,
    });
    const page = await res.json();
    expect(page.data.every((c: { orgId: string }) => c.orgId === org.orgId)).toBe(true);
  });
});
