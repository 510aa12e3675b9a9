/**
 * Links and QR codes printed for phones: on PUBLIC_URL when it is set, else on the origin the
 * organiser's browser used (behind a trusted proxy, the one the proxy forwards), and a visible
 * warning when that origin is one only this computer can open.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toString as qrSvg } from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpPort } from "../../src/http/ports";
import { startNodeServer } from "../helpers/node-server";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";

let f: PagesFixture;
let db: Awaited<ReturnType<typeof createTestApp>>["db"];

beforeAll(async () => {
  const ctx = await createTestApp();
  db = ctx.db;
  f = await pagesFixture(ctx.app, ctx.db);
});

/** The QR code the sheet of table 1 must carry for phones to open `origin`'s table page. */
const qrFor = (origin: string) =>
  qrSvg(`${origin}/t/${f.round.tables[0]!.id}`, { type: "svg", margin: 0, errorCorrectionLevel: "M" });

async function sheets(url: string, headers: Record<string, string> = {}, http: HttpPort = {}) {
  const { app } = await createTestApp({ storage: { db }, http });
  const res = await app.request(url.replace("{session}", f.sessionId), { headers });
  expect(res.status).toBe(200);
  return res.text();
}

const WARNING = 'role="alert"';

describe("QR codes on the result sheets", () => {
  it("point to the address the organiser opened the page at, when PUBLIC_URL is unset", async () => {
    const html = await sheets("http://192.168.1.20:8787/s/{session}/print/sheets?round=1");
    expect(html).toContain(await qrFor("http://192.168.1.20:8787"));
    expect(html).toContain(`http://192.168.1.20:8787/t/${f.round.tables[0]!.id}`);
    expect(html).not.toContain(WARNING);
  });

  it("follow X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy only", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example, venue.example" };
    const url = "http://10.0.0.5:8787/s/{session}/print/sheets?round=1";
    expect(await sheets(url, forwarded, { trustProxy: true })).toContain(
      await qrFor("https://venue.example"),
    );
    expect(await sheets(url, forwarded)).toContain(await qrFor("http://10.0.0.5:8787"));
    // A forwarded value that is not a host is ignored.
    const bogus = { "x-forwarded-proto": "https", "x-forwarded-host": "venue.example/x?y" };
    expect(await sheets(url, bogus, { trustProxy: true })).toContain(await qrFor("http://10.0.0.5:8787"));
  });

  it("use PUBLIC_URL when it is set", async () => {
    const html = await sheets(
      "http://localhost:8787/s/{session}/print/sheets?round=1",
      {},
      {
        publicUrl: "https://cup.example.org/",
      },
    );
    expect(html).toContain(await qrFor("https://cup.example.org"));
    expect(html).not.toContain(WARNING);
  });

  it("come with a visible warning and the fix when only this computer can open them", async () => {
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787"]) {
      const html = await sheets(`${origin}/s/{session}/print/sheets?round=1`);
      expect(html, origin).toContain(WARNING);
      expect(html).toContain("PUBLIC_URL");
      const fr = await sheets(`${origin}/s/{session}/print/sheets?round=1&lang=fr`);
      expect(fr).toContain("téléphones");
    }
  });
});

describe("the Node server under its default configuration", () => {
  let server: Awaited<ReturnType<typeof startNodeServer>>;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "catan-origin-"));
    server = await startNodeServer({ DATABASE_URL: `file:${join(dir, "catan.db")}` }, { firstStart: true });
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  /** A request with its own Host header (fetch cannot set one). */
  const call = (
    path: string,
    init: { method?: string; host: string; headers?: Record<string, string>; body?: string },
  ) => {
    const { port } = new URL(server.url);
    return new Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: string;
    }>((done, fail) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path,
          method: init.method ?? "GET",
          headers: { host: init.host, ...init.headers },
        },
        (res) => {
          let text = "";
          res
            .setEncoding("utf8")
            .on("data", (chunk) => (text += chunk))
            .on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on("error", fail).end(init.body);
    });
  };

  it("builds absolute links on the Host the request named, not on localhost", async () => {
    const host = "192.168.1.20:8787";
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: server.admin!.clientId,
      client_secret: server.admin!.clientSecret,
    }).toString();
    const token = JSON.parse(
      (
        await call("/v1/auth/token", {
          method: "POST",
          host,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form,
        })
      ).body,
    ).access_token as string;
    const json = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const create = async (body: object) =>
      JSON.parse(
        (await call("/v1/orgs", { method: "POST", host, headers: json, body: JSON.stringify(body) })).body,
      ).id as string;
    const parent = await create({ name: "Federation", kind: "federation" });
    for (const name of ["Store A", "Store B"]) await create({ name, kind: "store", parentOrgId: parent });
    const page = await call(`/v1/orgs/${parent}/children?limit=1`, { host, headers: json });
    expect(page.status).toBe(200);
    expect(page.headers.link).toMatch(new RegExp(`^<http://${host}/v1/orgs/${parent}/children\\?`));
  });

  it("answers a problem type that does not change with the Host", async () => {
    const types = new Set<string>();
    for (const host of ["192.168.1.20:8787", "localhost:8787", "evil.example"]) {
      types.add(JSON.parse((await call("/v1/no-such-route", { host })).body).type);
    }
    expect([...types]).toEqual(["/problems/route-not-found"]);
  });

  it("compresses its HTML pages as it does JSON, and names Accept-Encoding in their 304", async () => {
    const headers = { "accept-encoding": "gzip" };
    const res = await fetch(`${server.url}/`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
    const again = await fetch(`${server.url}/`, {
      headers: { ...headers, "if-none-match": res.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toMatch(/Accept-Encoding/);
  });
});
