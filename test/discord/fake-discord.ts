/**
 * Discord's HTTP API as far as this server uses it, on 127.0.0.1 (no network here): who a bot
 * token belongs to, the bulk overwrite of commands, and the edit of a deferred interaction
 * response. It records every request, so tests read what Discord would have received.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeApplication {
  id: string;
  verifyKey: string;
  botToken: string;
}

export interface DiscordCall {
  method: string;
  path: string;
  authorization: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  body: any;
}

export interface FakeDiscord {
  /** What DISCORD_API_BASE is set to: `http://127.0.0.1:<port>/api/v10`. */
  apiBase: string;
  calls: DiscordCall[];
  /** Commands registered per application id. */
  // biome-ignore lint/suspicious/noExplicitAny: registered command JSON
  commands: Map<string, any[]>;
  /** Resolves with the calls once one matches. */
  until(predicate: (call: DiscordCall) => boolean): Promise<DiscordCall>;
  /** The edits of deferred responses made with this interaction token. */
  edits(token: string): DiscordCall[];
  close(): Promise<void>;
}

export async function startFakeDiscord(applications: FakeApplication[]): Promise<FakeDiscord> {
  const calls: DiscordCall[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: registered command JSON
  const commands = new Map<string, any[]>();
  const waiters: { predicate: (c: DiscordCall) => boolean; resolve: (c: DiscordCall) => void }[] = [];
  const byToken = (authorization: string | undefined) =>
    applications.find((a) => authorization === `Bot ${a.botToken}`);

  const server: Server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
      const call: DiscordCall = {
        method: req.method ?? "GET",
        path,
        authorization: req.headers.authorization,
        body: text ? JSON.parse(text) : null,
      };
      calls.push(call);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const commandsOf = /^\/api\/v10\/applications\/(\d+)\/commands$/.exec(path);
      if (call.method === "GET" && path === "/api/v10/applications/@me") {
        const app = byToken(call.authorization);
        if (!app) send(401, { message: "401: Unauthorized", code: 0 });
        else send(200, { id: app.id, name: "CATAN bot", verify_key: app.verifyKey, bot_public: false });
      } else if (call.method === "PUT" && commandsOf) {
        const app = byToken(call.authorization);
        if (!app || app.id !== commandsOf[1]) send(401, { message: "401: Unauthorized", code: 0 });
        else {
          // biome-ignore lint/suspicious/noExplicitAny: registered command JSON
          const registered = (call.body as any[]).map((c, i) => ({
            ...c,
            id: `13000000000000000${String(i).padStart(2, "0")}`,
            application_id: app.id,
            version: "1",
          }));
          commands.set(app.id, registered);
          send(200, registered);
        }
      } else if (
        call.method === "PATCH" &&
        /^\/api\/v10\/webhooks\/\d+\/[^/]+\/messages\/@original$/.test(path)
      ) {
        send(200, { id: "1400000000000000000", ...call.body });
      } else {
        send(404, { message: "404: Not Found", code: 0 });
      }
      for (const w of [...waiters]) {
        if (w.predicate(call)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(call);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}/api/v10`,
    calls,
    commands,
    until(predicate) {
      const done = calls.find(predicate);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    edits: (token) => calls.filter((c) => c.method === "PATCH" && c.path.includes(`/${token}/messages/`)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
