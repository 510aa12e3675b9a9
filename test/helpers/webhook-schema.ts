import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is arbitrary JSON
type Json = any;

/**
 * Every object schema of the document closed to undocumented properties: a payload that
 * carries a field its OpenAPI `webhooks` entry does not name (a membership number, say)
 * fails, not only one that lacks a required field.
 */
function closed(node: Json): Json {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, closed(v)]))
        : closed(value);
  }
  if (out.type === "object" && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

const doc = closed(JSON.parse(readFileSync(new URL("../../openapi/openapi.json", import.meta.url), "utf8")));
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...doc, $id: "openapi" });

/**
 * What is wrong with a signed webhook body against the documented schema of its type (the
 * OpenAPI 3.1 `webhooks` section as published in openapi/openapi.json): [] when it conforms.
 */
export function webhookSchemaProblems(body: Json): string[] {
  const entry = doc.webhooks?.[body?.type];
  if (!entry) return [`no documented webhook '${String(body?.type)}'`];
  const pointer = `openapi#/webhooks/${body.type}/post/requestBody/content/application~1json/schema`;
  const validate = ajv.getSchema(pointer);
  if (!validate) return [`schema ${pointer} not found`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
  );
}
