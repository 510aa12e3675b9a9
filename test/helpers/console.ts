import type { App } from "../../src/http/app";
import { type PagesFixture, pagesFixture } from "./pages-fixture";
import { createTestApp } from "./test-app";
import { type JsonClient, jsonRequest } from "./workflow";

/** The origin `app.request` sends to: what a page of this site names as its `Origin`. */
export const SITE = "http://localhost";

/** `name=value` of the device cookie a response sets (throws when it sets none). */
export function cookieFrom(res: { headers: Headers }): string {
  const header = res.headers.get("set-cookie");
  const pair = header?.split(";")[0];
  if (!pair) throw new Error("no Set-Cookie in the answer");
  return pair;
}

export interface PairedDevice {
  /** The `Cookie` header value. */
  cookie: string;
  /** Requests as a page of this site would send them: the cookie and this site's Origin. */
  api: JsonClient;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  session: any;
}

/** A pairing code made with `manager`, redeemed by a fresh device. */
export async function pairDevice(
  app: App,
  manager: JsonClient,
  orgId: string,
  body: Record<string, unknown> = { name: "Laptop", role: "owner" },
): Promise<PairedDevice> {
  const pairing = await manager.post(`/v1/orgs/${orgId}/pairings`, body);
  if (pairing.status !== 201) throw new Error(`pairing: ${pairing.status} ${pairing.text}`);
  const redeemed = await jsonRequest(app, {}).post("/v1/auth/device-sessions", { code: pairing.body.code });
  if (redeemed.status !== 201) throw new Error(`redeem: ${redeemed.status} ${redeemed.text}`);
  const cookie = cookieFrom(redeemed);
  return { cookie, api: jsonRequest(app, { cookie, origin: SITE }), session: redeemed.body };
}

/** Where most console tests start: the pages' fixture and an owner's paired desk laptop. */
export async function consoleDesk(): Promise<{ app: App; f: PagesFixture; laptop: PairedDevice }> {
  const { app, db } = await createTestApp();
  const f = await pagesFixture(app, db);
  const laptop = await pairDevice(app, f.api, f.orgId, { name: "Desk laptop", role: "owner" });
  return { app, f, laptop };
}
