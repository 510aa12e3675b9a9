import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { CONSOLE_SCRIPT_PATH } from "../../src/http/console/script";
import { createPairing } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { systemContext } from "../helpers/auth";
import { type RunningWorker, startWorker } from "./worker-runtime";

// The staff console served by the Worker build on workerd: the same app as on Node, its forms
// sent on to the API inside the Worker (with the request's execution context).
const DB_TOKEN = "hrana-test-token";
const JWT_SECRET = "workers-e2e-jwt-secret-0123456789abcdef";

let server: HranaServer;
let worker: RunningWorker;
let orgId: string;
let code: string;

beforeAll(async () => {
  server = await startHranaServer({
    authToken: DB_TOKEN,
    migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
  });
  const seedDb = openWebDatabase(server.url, DB_TOKEN);
  orgId = (await createOrganization(systemContext(seedDb), { name: "Workers Store", kind: "store" })).id;
  // What `console-link` does: a one-time code for the organisation's first device.
  code = (await createPairing(systemContext(seedDb), orgId, { name: "desk", role: "owner" })).code;
  worker = await startWorker({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: DB_TOKEN, JWT_SECRET });
});

afterAll(async () => {
  await worker?.dispose();
  await server?.close();
});

describe("the staff console on workerd", () => {
  it("signs a device in, renders its pages and sends a form on to the API", async () => {
    onTestFailed(() => console.error(`Worker output:\n${worker.output()}`));
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      redirect: "manual" as const,
      // What a browser says of a form posted from a page of the same site.
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const signIn = await worker.fetch("/console/pair", form({ code }));
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const home = await worker.fetch("/console", { headers: { cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(`src="${CONSOLE_SCRIPT_PATH}"`);
    const created = await worker.fetch("/console", {
      ...form({ action: "new-event", key: "workers-event", name: "Workers Open", visibility: "public" }),
      headers: { ...form({}).headers, cookie },
    });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toMatch(/^\/console\/e\/evt_/);
    const event = await worker.fetch(created.headers.get("location")!, { headers: { cookie } });
    expect(await event.text()).toContain("Workers Open");
    const script = await worker.fetch(CONSOLE_SCRIPT_PATH);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
  });
});
