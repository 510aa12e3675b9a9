import { createClient } from "@libsql/client/web";
import { createDatabase, type Database } from "./client";

/** Opens Turso over HTTP for Cloudflare Workers; migrations are applied by drizzle-kit before deploy. */
export function openWebDatabase(url: string, authToken?: string): Database {
  return createDatabase(createClient(authToken ? { url, authToken } : { url }));
}
