import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { graphqlSdl } from "../../src/graphql/sdl";
import { createTestApp } from "../helpers/test-app";

interface Introspected {
  name: string;
  kind: string;
  description: string | null;
  fields: { name: string; description: string | null; type: TypeRef; args: Described[] }[] | null;
  enumValues: Described[] | null;
}
interface Described {
  name: string;
  description: string | null;
}
interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

const INTROSPECTION = `{ __schema { types { name kind description
  fields { name description args { name description } type { kind name ofType { kind name ofType { kind name } } } }
  enumValues { name description } } } }`;

async function introspect(): Promise<Introspected[]> {
  const { app } = await createTestApp();
  const res = await app.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: INTROSPECTION }),
  });
  const body = (await res.json()) as { data: { __schema: { types: Introspected[] } }; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data.__schema.types.filter((t) => !t.name.startsWith("__") && t.kind !== "SCALAR");
}

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);

describe("openapi/schema.graphql", () => {
  it("matches the schema src/graphql builds (run `npm run graphql:schema` after changing it)", () => {
    const committed = readFileSync(new URL("../../openapi/schema.graphql", import.meta.url), "utf8");
    expect(committed).toBe(graphqlSdl());
  });
});

describe("the GraphQL schema is worth introspecting", () => {
  it("describes every type, field, argument and enum value", async () => {
    const missing: string[] = [];
    for (const type of await introspect()) {
      if (!type.description) missing.push(type.name);
      for (const field of type.fields ?? []) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args)
          if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
      for (const value of type.enumValues ?? [])
        if (!value.description) missing.push(`${type.name}.${value.name}`);
    }
    expect(missing).toEqual([]);
  });

  it("types closed sets as enums, never as strings", async () => {
    const closed = [
      "phase",
      "structure",
      "visibility",
      "ruleset",
      "kind",
      "status",
      "decidedBy",
      "view",
      "method",
    ];
    const stringly: string[] = [];
    let enumFields = 0;
    for (const type of await introspect()) {
      for (const field of type.fields ?? []) {
        if (!closed.includes(field.name)) continue;
        if (named(field.type).kind === "ENUM") enumFields++;
        else stringly.push(`${type.name}.${field.name}`);
      }
    }
    expect(stringly).toEqual([]);
    expect(enumFields).toBeGreaterThan(20);
  });
});
