import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";
import { jsonRequest } from "../helpers/workflow";

/**
 * A bot author's view of the contract: openapi-typescript (pinned 7.13.0) generates the types
 * from the committed openapi/openapi.json, TypeScript typechecks test/openapi/typed-client/bot.ts
 * (openapi-fetch 0.17.0) against them, and the bot runs against a live server. Everything is
 * local: no network beyond loopback.
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
type Json = any;

const BOT = fileURLToPath(new URL("./typed-client/bot.ts", import.meta.url));
/** The module the bot imports its types from: generated here, in memory, never written. */
const API = fileURLToPath(new URL("./typed-client/api.ts", import.meta.url));
const committed: Json = JSON.parse(
  readFileSync(new URL("../../openapi/openapi.json", import.meta.url), "utf8"),
);

const generate = async (doc: Json) => astToString(await openapiTS(doc, { silent: true }));

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
};

let previous: ts.Program | undefined;
/** tsc's diagnostics for the bot against generated types, as `file:line: message`. */
function typecheck(api: string): string[] {
  const host = ts.createCompilerHost(OPTIONS);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => file === API || fileExists(file);
  host.readFile = (file) => (file === API ? api : readFile(file));
  host.getSourceFile = (file, language, ...rest) =>
    file === API ? ts.createSourceFile(file, api, language) : getSourceFile(file, language, ...rest);
  // The previous program's files (lib.d.ts, openapi-fetch) are reused: only api.ts changes.
  const program = ts.createProgram([BOT], OPTIONS, host, previous);
  previous = program;
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.split("/").pop()}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : "";
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

describe("a typed client generated from openapi/openapi.json", () => {
  it("typechecks the bot, whose switch over submitResult's codes is exhaustive", async () => {
    expect(typecheck(await generate(committed))).toEqual([]);
  });

  it("breaks the bot's switch when the document drops a code or adds one", async () => {
    const drifted = structuredClone(committed);
    // Only the paths the bot calls: the rest cannot change its diagnostics and costs time.
    const used = [
      "/v1/auth/token",
      "/v1/events/{eventId}/qualification",
      "/v1/events/{eventId}/qualification.csv",
      "/v1/orgs/{orgId}/players",
    ];
    drifted.paths = Object.fromEntries(
      Object.entries(drifted.paths).filter(([path]) => used.includes(path) || path.startsWith("/v1/tables/")),
    );
    const responses = drifted.paths["/v1/tables/{tableId}/result"].put.responses;
    const enumOf = (status: string): string[] =>
      responses[status].content["application/problem+json"].schema.allOf[1].properties.code.enum;
    enumOf("409").splice(enumOf("409").indexOf("result_final"), 1);
    enumOf("404").push("made_up_code");
    const diagnostics = typecheck(await generate(drifted)).join("\n");
    expect(diagnostics).toMatch(/bot\.ts:\d+: Type '"result_final"' is not comparable/);
    expect(diagnostics).toMatch(
      /bot\.ts:\d+: Type '[^']*"made_up_code"[^']*' is not assignable to type 'never'/,
    );
  });
});

describe("the bot against a live server", () => {
  let close: () => Promise<void>;
  let baseUrl: string;
  let world: { clientId: string; clientSecret: string; orgId: string; eventId: string; tableId: string };
  let playerIds: string[];

  beforeAll(async () => {
    const { app, db } = await createTestApp();
    const store = await createOrgClient(app, db, { name: "Bot store" });
    const api = jsonRequest(app, store.auth);
    const t = await tournament(api, store.orgId, 8, "Bot event");
    const session = await t.session("Saturday", "2026-12-05", range(1, 8));
    const [game1] = await t.playPrelims(session, range(1, 8));
    playerIds = t.P.slice(1);
    world = { ...store, eventId: t.eventId, tableId: game1.tables[0].id };
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((ready) => server.once("listening", () => ready()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((done) => server.close(() => done()));
  });
  afterAll(() => close?.());

  it("gets a token, reads the qualification and its CSV, polls it (304), walks the players and handles a refusal", async () => {
    // Loaded at run time: the bot is typechecked above, against generated types, not by tsconfig.json.
    const { runBot } = (await import(BOT)) as {
      runBot: (options: typeof world & { baseUrl: string }) => Json;
    };
    const report = await runBot({ baseUrl, ...world });
    expect(report.rows).toBe(8);
    expect(report.leader).toBe("P1");
    expect(report.etag).toMatch(/^W\/"/);
    expect(report.csvHeader).toMatch(/^Rang;Identifiant du joueur;Joueur;/);
    expect(report.csvDeprecation).toBeNull();
    expect(report.pollStatus).toBe(304);
    expect(report.players.sort()).toEqual([...playerIds].sort());
    expect(report.pages).toBe(4);
    expect(report.refusal).toEqual({ status: 409, code: "result_final", action: "ask-a-human" });
  });
});
