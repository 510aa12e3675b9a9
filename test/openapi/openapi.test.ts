import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateOpenApiDocument, serializeOpenApi } from "../../src/http/openapi/generate";

describe("openapi/openapi.json", () => {
  it("matches what the routes generate (run `npm run openapi` after changing a route)", async () => {
    const committed = readFileSync(new URL("../../openapi/openapi.json", import.meta.url), "utf8");
    expect(committed).toBe(serializeOpenApi(await generateOpenApiDocument()));
  });

  it("gives every operation an operationId, a summary, a tag and documented error responses", async () => {
    const doc = (await generateOpenApiDocument()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toBeTruthy();
        expect(operation.summary, where).toBeTruthy();
        expect((operation.tags as string[] | undefined)?.length, where).toBeGreaterThan(0);
        expect(
          Object.keys(operation.responses as object).some((s) => s.startsWith("4") || s.startsWith("5")),
          where,
        ).toBe(true);
      }
    }
  });
});
