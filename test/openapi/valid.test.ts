import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { generateOpenApiDocument } from "../../src/http/openapi/generate";

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 against the official schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      (await generateOpenApiDocument()) as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
});
