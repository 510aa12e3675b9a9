/**
 * Where a table is has one shape in every notification about a table: the event, the session,
 * the round with its kind and number, the table and its number. The flat `kind` that two
 * payloads carried first stays, deprecated, until its sunset.
 */
import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/test-app";

type Schema = { $ref?: string; properties?: Record<string, Schema>; deprecated?: boolean };

describe("the webhook payloads in the OpenAPI document", () => {
  it("place every table the same way", async () => {
    const { app } = await createTestApp();
    const doc = (await (await app.request("/openapi.json")).json()) as {
      webhooks: Record<
        string,
        { post: { requestBody: { content: { "application/json": { schema: Schema } } } } }
      >;
      components: { schemas: Record<string, Schema> };
    };
    const resolve = (schema: Schema): Schema =>
      schema.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").at(-1)!]!) : schema;
    const dataOf = (type: string) => {
      const body = resolve(doc.webhooks[type]!.post.requestBody.content["application/json"].schema);
      return resolve(body.properties!.data!);
    };
    for (const type of [
      "result.submitted",
      "result.confirmed",
      "result.final",
      "seat.chosen",
      "table.timer",
    ]) {
      const data = dataOf(type).properties!;
      expect(Object.keys(data), type).toEqual(
        expect.arrayContaining(["eventId", "sessionId", "roundId", "round", "tableId", "tableNumber"]),
      );
      expect(Object.keys(resolve(data.round!).properties!).sort(), type).toEqual(["kind", "number"]);
      if (data.kind) expect(data.kind.deprecated, `${type}: the flat kind`).toBe(true);
    }
  });
});
