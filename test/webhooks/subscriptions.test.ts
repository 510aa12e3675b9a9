import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { guardedLookup } from "../../src/runtime/node/transport";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { seatPrelimTable } from "../helpers/seat-table";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createPushTestApp>>;
let store: OrgClient;
let api: JsonClient;
let receiver: Receiver | undefined;

// A resolver standing in for DNS: names map to the answers a real resolver would give.
const FAKE_DNS: Record<string, string[]> = {
  "hooks.example.org": ["93.184.216.34"],
  "discord.com": ["162.159.135.232"],
  "internal.example.org": ["10.1.2.3"],
  "rebind.example.org": ["93.184.216.34", "169.254.169.254"],
  // An AAAA answer in the deprecated IPv4-compatible form of a loopback address.
  "compat.example.org": ["::7f00:1"],
};
const resolveHost = async (host: string) => {
  const answers = FAKE_DNS[host];
  if (!answers) throw new Error("NXDOMAIN");
  return answers;
};

afterEach(async () => {
  await ctx.dispatcher.stop();
  await receiver?.close();
  receiver = undefined;
});

async function setUp(allowLoopback: boolean) {
  ctx = await createPushTestApp({ allowLoopback, resolveHost });
  store = await createOrgClient(ctx.app, ctx.db, { name: "Hook store" });
  api = jsonRequest(ctx.app, store.auth);
}

const create = (url: string, extra: Record<string, unknown> = {}) =>
  api.post(`/v1/orgs/${store.orgId}/webhooks`, { url, eventTypes: ["result.final"], ...extra });

describe("SSRF guard without the development setting", () => {
  beforeEach(() => setUp(false));

  it.each([
    ["http://hooks.example.org/x", /must use https/],
    ["https://hooks.example.org:8443/x", /standard https port/],
    ["https://127.0.0.1/x", /loopback/],
    ["https://localhost/x", /not a public host name/],
    ["https://[::1]/x", /loopback/],
    ["https://[::ffff:127.0.0.1]/x", /loopback/],
    // IPv4-compatible IPv6 (deprecated, ::/96) and the rest of ::/8: refused whatever they embed.
    ["https://[::127.0.0.1]/x", /ipv4Compatible/],
    ["https://[::10.0.0.1]/x", /ipv4Compatible/],
    ["https://[::8.8.8.8]/x", /ipv4Compatible/],
    ["https://[::1:0:0:1]/x", /reserved/],
    ["https://compat.example.org/x", /::7f00:1 \(ipv4Compatible\)/],
    // The translation and tunnel prefixes are refused whole, private or public inside.
    ["https://[::ffff:10.0.0.1]/x", /private/],
    ["https://[::ffff:0:10.0.0.1]/x", /rfc6145/],
    ["https://[64:ff9b::10.0.0.1]/x", /rfc6052/],
    ["https://[64:ff9b:1::a00:1]/x", /rfc6052/],
    ["https://[64:ff9b::8.8.8.8]/x", /rfc6052/],
    ["https://[2002:a00:1::1]/x", /6to4/],
    ["https://[2002:7f00:1::1]/x", /6to4/],
    ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", /teredo/],
    ["https://[fc00::1]/x", /uniqueLocal/],
    ["https://[fec0::1]/x", /deprecatedSiteLocal/],
    ["https://10.0.0.7/x", /private/],
    ["https://192.168.1.10/x", /private/],
    ["https://169.254.169.254/latest/meta-data", /linkLocal/],
    ["https://100.64.0.1/x", /carrierGradeNat/],
    ["https://0.0.0.0/x", /unspecified/],
    ["https://internal.example.org/x", /10\.1\.2\.3 \(private\)/],
    ["https://rebind.example.org/x", /169\.254\.169\.254/],
    ["https://nowhere.example.org/x", /does not resolve/],
    ["https://user:pw@hooks.example.org/x", /credentials/],
    ["ftp://hooks.example.org/x", /must use https/],
  ])("refuses %s with 422 naming the url field", async (url, why) => {
    const res = await create(url);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("unsafe_webhook_target");
    expect(res.body.errors[0].path).toBe("url");
    expect(res.body.detail).toMatch(why);
  });

  it("refuses a loopback receiver that is really listening, and accepts a public https host", async () => {
    receiver = await startReceiver();
    expect((await create(receiver.url)).status).toBe(422);
    const ok = await create("https://hooks.example.org/catan");
    expect(ok.status).toBe(201);
    expect(ok.body.format).toBe("standard");
    const discord = await create("https://discord.com/api/webhooks/123/abc");
    expect(discord.body.format).toBe("discord");
  });

  it("checks the addresses connected to at delivery time too: a lookup answering loopback is refused", async () => {
    const lookup = guardedLookup({ allowLoopback: false });
    const error = await new Promise<Error | null>((resolve) => lookup("localhost", {}, (e) => resolve(e)));
    expect(error?.message).toMatch(/not a public address/);
    const allowed = guardedLookup({ allowLoopback: true });
    const address = await new Promise<string>((resolve, reject) =>
      allowed("localhost", {}, (e, a) => (e ? reject(e) : resolve(a as string))),
    );
    expect(["127.0.0.1", "::1"]).toContain(address);
  });
});

describe("webhook subscriptions", () => {
  beforeEach(() => setUp(true));

  it("allows loopback only with the development setting, never private addresses", async () => {
    receiver = await startReceiver();
    expect((await create(receiver.url)).status).toBe(201);
    expect((await create("http://10.0.0.7:8080/x")).status).toBe(422);
  });

  it("shows the secret once, lists and gets without it, patches, deletes", async () => {
    const created = await create("https://hooks.example.org/a", {
      includeDescendants: true,
      description: "Results",
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/v1/orgs/${store.orgId}/webhooks/${created.body.id}`);
    const path = `/v1/orgs/${store.orgId}/webhooks/${created.body.id}`;
    const got = await api.get(path);
    expect(got.body).not.toHaveProperty("secret");
    expect(got.body).toMatchObject({ enabled: true, includeDescendants: true, eventTypes: ["result.final"] });
    const list = await api.get(`/v1/orgs/${store.orgId}/webhooks`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("secret");
    const patched = await api.patch(path, {
      eventTypes: ["result.final", "standings.changed"],
      enabled: false,
    });
    expect(patched.body).toMatchObject({ enabled: false, eventTypes: ["result.final", "standings.changed"] });
    expect((await api.patch(path, { eventTypes: ["no.such"] })).status).toBe(422);
    expect((await api.patch(path, { url: "https://10.0.0.1/x" })).status).toBe(422);
    expect((await api.delete(path)).status).toBe(204);
    expect((await api.get(path)).status).toBe(404);
  });

  it("is for owners and organisers of the organisation itself", async () => {
    const organizer = jsonRequest(ctx.app, (await addClient(ctx.app, ctx.db, store.orgId, "organizer")).auth);
    const referee = jsonRequest(ctx.app, (await addClient(ctx.app, ctx.db, store.orgId, "referee")).auth);
    const body = { url: "https://hooks.example.org/a", eventTypes: ["result.final"] };
    expect((await organizer.post(`/v1/orgs/${store.orgId}/webhooks`, body)).status).toBe(201);
    const refused = await referee.post(`/v1/orgs/${store.orgId}/webhooks`, body);
    expect(refused.status).toBe(403);
    expect((await referee.get(`/v1/orgs/${store.orgId}/webhooks`)).status).toBe(403);
    const other = await createOrgClient(ctx.app, ctx.db, { name: "Other store" });
    expect((await jsonRequest(ctx.app, other.auth).get(`/v1/orgs/${store.orgId}/webhooks`)).status).toBe(404);
    const child = await createOrgClient(ctx.app, ctx.db, { name: "Child", parentOrgId: store.orgId });
    expect((await api.post(`/v1/orgs/${child.orgId}/webhooks`, body)).status).toBe(403);
    expect((await ctx.app.request(`/v1/orgs/${store.orgId}/webhooks`)).status).toBe(401);
  });

  it("limits a subscription to an event of its scope", async () => {
    const child = await createOrgClient(ctx.app, ctx.db, { name: "Child", parentOrgId: store.orgId });
    const childEvent = (
      await jsonRequest(ctx.app, child.auth).post(`/v1/orgs/${child.orgId}/events`, { name: "Child cup" })
    ).body.id;
    const narrow = await create("https://hooks.example.org/a", { eventId: childEvent });
    expect(narrow.status).toBe(422);
    expect(narrow.body.errors[0].path).toBe("eventId");
    expect(
      (await create("https://hooks.example.org/a", { eventId: childEvent, includeDescendants: true })).status,
    ).toBe(201);
  });

  it("signs with both secrets during a rotation's overlap, so receivers holding either verify", async () => {
    receiver = await startReceiver();
    const sub = await create(receiver.url, { eventTypes: ["result.submitted"] });
    const rotated = await api.post(`/v1/orgs/${store.orgId}/webhooks/${sub.body.id}/rotate-secret`, {
      overlapSeconds: 3600,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(sub.body.secret);
    expect(rotated.body.previousSecretExpiresAt).not.toBeNull();
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Rotation cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
    const ids = await createPlayers(api, store.orgId, 3, "R");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);
    await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 6, 4][i] })),
      winnerId: ids[0],
    });
    const [request] = await receiver.until((r) => r.length >= 1);
    const headers = request!.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(sub.body.secret).verify(request!.body, headers)).not.toThrow();
    expect(() => new Webhook(rotated.body.secret).verify(request!.body, headers)).not.toThrow();
  });

  it('pages the subscriptions with Link rel="next" beside nextCursor, as every list', async () => {
    for (const path of ["a", "b", "c"])
      expect((await create(`https://hooks.example.org/${path}`)).status).toBe(201);
    const first = await api.get(`/v1/orgs/${store.orgId}/webhooks?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.nextCursor).not.toBeNull();
    const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    expect(next && new URL(next).searchParams.get("cursor")).toBe(first.body.nextCursor);
    const last = await api.get(next!);
    expect(last.body.data).toHaveLength(1);
    expect(last.headers.get("link")).toBeNull();
  });
});
