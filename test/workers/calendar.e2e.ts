import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { createEvent, createSession } from "../../src/services/events";
import { createOrganization } from "../../src/services/orgs";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { systemContext } from "../helpers/auth";
import { type RunningWorker, startWorker } from "./worker-runtime";

// The iCalendar feed from the built Worker on workerd: ical-generator and the time zone
// conversion (Intl) run there as on Node, and give the same instant.
const DB_TOKEN = "hrana-test-token";

let server: HranaServer;
let worker: RunningWorker;
let eventId: string;

beforeAll(async () => {
  server = await startHranaServer({
    authToken: DB_TOKEN,
    migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
  });
  const ctx = systemContext(openWebDatabase(server.url, DB_TOKEN));
  const org = await createOrganization(ctx, { name: "Store", kind: "store" });
  const event = await createEvent(ctx, org.id, { name: "Vilnius Open, 2026" });
  eventId = event.id;
  await createSession(ctx, eventId, {
    name: "Kaunas",
    startsAt: "2026-12-05T10:00",
    timeZone: "Europe/Vilnius",
  });
  await createSession(ctx, eventId, { name: "Klaipėda", date: "2026-12-06" });
  worker = await startWorker({
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: DB_TOKEN,
    JWT_SECRET: "workers-e2e-jwt-secret-0123456789abcdef",
  });
}, 120_000);

afterAll(async () => {
  await worker?.dispose();
  await server?.close();
});

describe("calendar feeds on workerd", () => {
  it("serves an event's sessions as RFC 5545, with the start converted from its time zone", async () => {
    onTestFailed(() => console.error(`Worker output:\n${worker.output()}`));
    const res = await worker.fetch(`/v1/events/${eventId}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text).toContain("X-WR-CALNAME:Vilnius Open\\, 2026\r\n");
    expect(text).toContain("\r\nDTSTART:20261205T080000Z\r\n");
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20261206\r\n");
    const again = await worker.fetch(`/v1/events/${eventId}/calendar.ics`, {
      headers: { "if-none-match": res.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });
});
