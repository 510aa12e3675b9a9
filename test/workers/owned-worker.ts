import { resolve } from "node:path";
import type { Database } from "../../src/db/client";
import { openWebDatabase } from "../../src/db/web";
import type { App } from "../../src/http/app";
import { insertApiClient } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { systemContext } from "../helpers/auth";
import { type JsonClient, jsonRequest } from "../helpers/workflow";
import { type RunningWorker, startWorker } from "./worker-runtime";

/** The Hrana server's token and the Worker's JWT secret, for a second client of the same database. */
export const HRANA_TOKEN = "hrana-test-token";
export const WORKER_JWT_SECRET = "workers-e2e-jwt-secret-0123456789abcdef";

export interface OwnedWorker {
  server: HranaServer;
  worker: RunningWorker;
  /** The same database over Hrana, for seeding what the API has no route for. */
  db: Database;
  orgId: string;
  /** The organisation owner's bearer header. */
  auth: Record<string, string>;
  /** JSON requests to the Worker with the owner's token. */
  api: JsonClient;
  close(): Promise<void>;
}

/**
 * The built Worker on workerd against a migrated Hrana test server, with one organisation and
 * a token of its owner: what most Workers tests start from. `env` is added to the Worker's
 * variables (the database and JWT secret are set here).
 */
export async function startOwnedWorker(options: {
  orgName: string;
  env?: Record<string, string>;
  onPipeline?: (sql: string[]) => void;
}): Promise<OwnedWorker> {
  const server = await startHranaServer({
    authToken: HRANA_TOKEN,
    migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
    ...(options.onPipeline ? { onPipeline: options.onPipeline } : {}),
  });
  const db = openWebDatabase(server.url, HRANA_TOKEN);
  const org = await createOrganization(systemContext(db), { name: options.orgName, kind: "store" });
  const credentials = await insertApiClient(db, { orgId: org.id, name: "owner", role: "owner" }, new Date());
  const worker = await startWorker({
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: HRANA_TOKEN,
    JWT_SECRET: WORKER_JWT_SECRET,
    ...options.env,
  });
  const res = await worker.fetch("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    }),
  });
  if (res.status !== 200) throw new Error(`token ${res.status}: ${await res.text()}`);
  const auth = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  const api = jsonRequest(
    { request: (path: string, init?: RequestInit) => worker.fetch(path, init) } as App,
    auth,
  );
  return {
    server,
    worker,
    db,
    orgId: org.id,
    auth,
    api,
    async close() {
      await worker.dispose();
      await server.close();
    },
  };
}

/** The Worker's `webhook drain` log lines since `from` characters of its output, as reported. */
export function webhookDrains(worker: RunningWorker, from = 0) {
  return worker
    .output()
    .slice(from)
    .split("\n")
    .filter((line) => line.includes('"webhook drain"'))
    .map(
      (line) =>
        JSON.parse(line.slice(line.indexOf("{"))) as {
          subrequests: number;
          after: string;
          attempted: number;
        },
    );
}
