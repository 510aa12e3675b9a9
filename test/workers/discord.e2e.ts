import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import {
  buildDiscordWorld,
  type DiscordWorld,
  discordApplication,
  discordSuite,
  PUBLIC_URL,
} from "../discord/discord-suite";
import { type RunningWorker, startWorker } from "./worker-runtime";

// The Discord application on workerd: the same signed interactions as on Node, against the
// built Worker; deferred answers are edited in from waitUntil, at the fake Discord on loopback.
const DB_TOKEN = "hrana-test-token";
const JWT_SECRET = "workers-e2e-jwt-secret-0123456789abcdef";

let server: HranaServer;
let worker: RunningWorker;
let world: DiscordWorld;

beforeAll(async () => {
  server = await startHranaServer({
    authToken: DB_TOKEN,
    migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
  });
  const apps = await discordApplication();
  worker = await startWorker({
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: DB_TOKEN,
    JWT_SECRET,
    PUBLIC_URL,
    DISCORD_APPLICATION_ID: apps.app.id,
    DISCORD_PUBLIC_KEY: apps.keys.publicKey,
    DISCORD_API_BASE: apps.fake.apiBase,
  });
  world = await buildDiscordWorld(
    (path, init) => worker.fetch(path, init),
    openWebDatabase(server.url, DB_TOKEN),
    apps,
    () => apps.fake.close(),
  );
});

afterAll(async () => {
  await world?.close();
  await worker?.dispose();
  await server?.close();
});

/** The Worker's JSON log lines at error level. */
const errorLines = () =>
  worker
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":"error"'));

describe("the Discord application on workerd", () => {
  discordSuite(
    () => {
      onTestFailed(() => console.error(`Worker output:\n${worker.output()}`));
      return world;
    },
    { errorLines },
  );
});

describe("a malformed Discord setting on workerd", () => {
  it("answers every request 503, naming the variable", async () => {
    const bad = await startWorker({
      DATABASE_URL: server.url,
      DATABASE_AUTH_TOKEN: DB_TOKEN,
      JWT_SECRET,
      DISCORD_APPLICATION_ID: "111111111111111111",
      DISCORD_PUBLIC_KEY: "not-a-key",
    });
    try {
      const res = await bad.fetch("/health");
      expect(res.status).toBe(503);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^DISCORD_PUBLIC_KEY must be/);
    } finally {
      await bad.dispose();
    }
  });
});
