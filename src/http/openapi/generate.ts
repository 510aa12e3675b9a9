import { createClient } from "@libsql/client";
import { createDatabase } from "../../db/client";
import { createAuthConfig } from "../../services/auth";
import { createApp } from "../app";

/** The OpenAPI document as the routes define it; no database is touched to produce it. */
export async function generateOpenApiDocument(): Promise<unknown> {
  const app = createApp({
    storage: { db: createDatabase(createClient({ url: ":memory:" })) },
    // Never used to sign anything: the document does not depend on the key.
    auth: createAuthConfig({ secret: crypto.getRandomValues(new Uint8Array(32)) }),
  });
  const response = await app.request("/openapi.json");
  return response.json();
}

export function serializeOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
