/**
 * `npm run dev:primary`: a local primary for an embedded replica, to try the replica mode of the
 * Node server without Turso (docs/deploy/embedded-replicas.md).
 *
 * The local libSQL endpoint (tools/local-endpoint.ts) on 127.0.0.1:$DEV_DB_PORT (8080) over the
 * file $DEV_DB_PATH (data/primary.db), migrated through drizzle-kit, serving the sync protocol of
 * `@libsql/client`'s embedded replicas as well as Hrana. Ctrl-C (or SIGTERM) stops it.
 */
import { join, resolve } from "node:path";
import { portFromEnv, ROOT, startLocalEndpoint } from "../tools/local-endpoint";

const log = (message: string) => console.log(`[dev:primary] ${message}`);

async function main(): Promise<void> {
  const port = portFromEnv("DEV_DB_PORT", 8080, "dev:primary");
  const path = resolve(process.env.DEV_DB_PATH ?? join(ROOT, "data/primary.db"));
  const server = await startLocalEndpoint({ port, path, sync: true, log });
  log(
    `first organisation: DATABASE_URL=${server.url} npm run -s cli -- create-org --name "My Store" --kind store --json`,
  );
  log(
    `a replica of it: DATABASE_URL=file:./data/replica.db DATABASE_SYNC_URL=${server.url} JWT_SECRET=<32 bytes or more> npm start`,
  );
  log("ready");
  const stop = async (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
