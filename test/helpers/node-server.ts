import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface NodeServer {
  url: string;
  /** What the first start printed: the admin client created for an empty database. */
  admin: { clientId: string; clientSecret: string } | null;
  output(): string;
  /** SIGKILL: no shutdown hook runs, as in a crash. */
  kill(): Promise<void>;
}

/**
 * Starts `src/node.ts` (what `npm start` runs) on 127.0.0.1 with a random port. `firstStart`:
 * the database is new, so it waits for the admin client's banner too (it may come in a later
 * chunk of output than the listening line). `command` runs another entry point instead (the
 * built server, in another folder). `startTimeoutMs`: a server that has not started by then is
 * killed and the call fails, so a hung start cannot outlive the test.
 */
export async function startNodeServer(
  env: Record<string, string>,
  options: { firstStart?: boolean; command?: { cwd: string; args: string[] }; startTimeoutMs?: number } = {},
): Promise<NodeServer> {
  const { cwd, args } = options.command ?? { cwd: ROOT, args: ["--import", "tsx", "src/node.ts"] };
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const started = Date.now();
  const port = await new Promise<string>((ok, fail) => {
    const check = () => {
      if (options.startTimeoutMs !== undefined && Date.now() - started > options.startTimeoutMs) {
        child.kill("SIGKILL");
        return fail(new Error(`server not listening after ${options.startTimeoutMs} ms:\n${out}`));
      }
      const match = /listening on http:\/\/[^:\s]+:(\d+)/.exec(out);
      const bannerDone = /client secret: +\S+\n/.test(out);
      if (match && (bannerDone || (!options.firstStart && !out.includes("First start"))))
        return ok(match[1]!);
      setTimeout(check, 50);
    };
    child.once("exit", (code) => fail(new Error(`server exited (${code}):\n${out}`)));
    check();
  });
  const id = /client id: +(\S+)/.exec(out)?.[1];
  const secret = /client secret: +(\S+)/.exec(out)?.[1];
  return {
    url: `http://127.0.0.1:${port}`,
    admin: id && secret ? { clientId: id, clientSecret: secret } : null,
    output: () => out,
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
