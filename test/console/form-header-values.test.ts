/**
 * A console form's Idempotency-Key and If-Match travel to the API as headers. A value a header
 * cannot carry (a line break, a NUL, a character past U+00FF) is refused as the API refuses a
 * malformed one, in words, instead of failing the request with a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { consoleDesk, type PairedDevice, SITE } from "../helpers/console";
import type { PagesFixture } from "../helpers/pages-fixture";

let app: App;
let f: PagesFixture;
let laptop: PairedDevice;

beforeAll(async () => {
  ({ app, f, laptop } = await consoleDesk());
});

const post = async (path: string, fields: [string, string][], queue = false) => {
  const res = await app.request(path, {
    method: "POST",
    headers: {
      cookie: laptop.cookie,
      origin: SITE,
      "content-type": "application/x-www-form-urlencoded",
      ...(queue ? { "x-console-queue": "1" } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
};

describe("a form's key and If-Match that no header can carry", () => {
  for (const value of ["a\nb", "\u0000", "Kėdainiai"]) {
    it(`a check-in whose key is ${JSON.stringify(value)} is refused as a malformed Idempotency-Key`, async () => {
      const page = await post(`/console/s/${f.sessionId}/players`, [
        ["action", "check-in"],
        ["playerId", f.playerIds[0]!],
        ["key", value],
      ]);
      expect(page.status).toBe(400);
      expect(page.text).toContain('data-code="invalid_idempotency_key"');
      const queued = await post(
        `/console/s/${f.sessionId}/players`,
        [
          ["action", "check-in"],
          ["playerId", f.playerIds[0]!],
          ["key", value],
        ],
        true,
      );
      expect(queued.status).toBe(400);
      expect(JSON.parse(queued.text).code).toBe("invalid_idempotency_key");
    });

    it(`a finalization whose If-Match is ${JSON.stringify(value)} is refused as a malformed If-Match`, async () => {
      const page = await post(`/console/t/${f.round.tables[0]!.id}`, [
        ["action", "finalize"],
        ["ifMatch", value],
      ]);
      expect(page.status).toBe(400);
      expect(page.text).toContain('data-code="invalid_if_match"');
    });
  }
});
