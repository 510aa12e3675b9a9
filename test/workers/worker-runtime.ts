import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";

const ROOT = resolve(import.meta.dirname, "../..");
/** What `npm run build:worker` (`wrangler deploy --dry-run --outdir dist`) writes: the uploaded bundle. */
export const WORKER_BUNDLE = resolve(ROOT, "dist/worker.js");

export interface RunningWorker {
  /** The loopback address workerd serves the Worker on, for a client of its own (Node's fetch). */
  url: URL;
  /** Sends a request to the Worker on workerd; `path` is resolved against its local URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** What the Worker wrote to stdout and stderr so far (its JSON log lines). */
  output(): string;
  /** Fires the Worker's Cron Trigger once (its `scheduled` handler) and waits for it. */
  scheduled(): Promise<void>;
  dispose(): Promise<void>;
}

function collect(stream: Readable, into: string[]): void {
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => into.push(chunk));
}

/**
 * What the Worker gets from a wrangler.toml: compatibility, static assets, Durable Objects and
 * the [vars] alone. Wrangler would add a `.dev.vars` or `.env` beside the file (the one
 * `npm run dev:worker` writes, say) as secrets; a test must see the same Worker on every machine.
 * Wrangler still logs that it read such a file: its values go no further than that log line.
 */
export function configuredWorker(configPath: string) {
  const config = unstable_readConfig({ config: configPath });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  return {
    compatibilityDate: workerOptions.compatibilityDate,
    compatibilityFlags: workerOptions.compatibilityFlags,
    assets: workerOptions.assets,
    bindings: { ...config.vars },
    // The live feeds' Durable Objects and the webhook drains' queue (wrangler.toml), in memory.
    durableObjects: workerOptions.durableObjects,
    queueProducers: workerOptions.queueProducers,
    queueConsumers: workerOptions.queueConsumers,
  };
}

/**
 * Runs the built Worker on workerd (Miniflare, shipped with wrangler, runs offline), with the
 * compatibility date, flags and static assets of wrangler.toml and the given variables and
 * secrets on top of its [vars].
 */
export async function startWorker(bindings: Record<string, string>): Promise<RunningWorker> {
  if (!existsSync(WORKER_BUNDLE)) {
    throw new Error(
      `${WORKER_BUNDLE} is missing: run \`npm run build:worker\` first (npm run test:workers does).`,
    );
  }
  const config = configuredWorker(resolve(ROOT, "wrangler.toml"));
  const output: string[] = [];
  const mf = new Miniflare({
    ...config,
    bindings: { ...config.bindings, ...bindings },
    modules: true,
    scriptPath: WORKER_BUNDLE,
    // The placeholder `request.cf`: Miniflare would otherwise download the real one.
    cf: false,
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      collect(stdout, output);
      collect(stderr, output);
    },
  });
  const base = await mf.ready;
  return {
    url: base,
    fetch: async (path, init) => {
      // Miniflare's fetch speaks undici's types; the runtime objects are the standard ones.
      const res = await mf.dispatchFetch(new URL(path, base).href, init as never);
      return res as unknown as Response;
    },
    output: () => output.join(""),
    scheduled: async () => {
      const worker = await mf.getWorker();
      await worker.scheduled({ cron: "* * * * *" });
    },
    dispose: () => mf.dispose(),
  };
}
