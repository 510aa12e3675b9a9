import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { serve } from "@hono/node-server";
import { bootstrapLocalAdmin, firstStartBanner, loadNodeAuthConfig } from "./bootstrap";
import { DEFAULT_DATABASE_URL, migrateDatabase, openNodeDatabase } from "./db/node";
import { createApp } from "./http/app";

function scalarBundleLoader(): () => Promise<string> {
  const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
  const file = join(dirname(entry), "browser", "standalone.js");
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= readFile(file, "utf8");
    return cached;
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8787);
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const { db } = openNodeDatabase(databaseUrl, process.env.DATABASE_AUTH_TOKEN);
  await migrateDatabase(db);
  const auth = loadNodeAuthConfig(process.env, databaseUrl);
  const firstAdmin = await bootstrapLocalAdmin(db, databaseUrl);

  const graphiql = process.env.NODE_ENV !== "production";
  const app = createApp({ db, auth, docsScript: scalarBundleLoader(), publicUrl, graphiql });
  serve({ fetch: app.fetch, port }, (info) => {
    console.log(`CATAN Tournament API on http://localhost:${info.port} (database ${databaseUrl})`);
    console.log(`  docs:    ${publicUrl}/docs`);
    console.log(`  openapi: ${publicUrl}/openapi.json`);
    if (firstAdmin) console.log(firstStartBanner(firstAdmin, publicUrl));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
