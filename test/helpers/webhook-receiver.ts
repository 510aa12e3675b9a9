import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this request was answered with. */
  status: number;
}

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Resolves once `predicate` holds for the requests received so far. */
  until(predicate: (requests: ReceivedRequest[]) => boolean): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 (port 0 unless given). `answer` picks each response
 * (status and headers) from the request number, so tests script failures.
 */
export async function startReceiver(
  answer: (n: number, body: string) => { status: number; headers?: Record<string, string> } = () => ({
    status: 200,
  }),
  port = 0,
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: { predicate: (r: ReceivedRequest[]) => boolean; resolve: (r: ReceivedRequest[]) => void }[] =
    [];
  const check = () => {
    for (const w of [...waiters]) {
      if (w.predicate(requests)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(requests);
      }
    }
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const reply = answer(requests.length, body);
      requests.push({ headers: req.headers, body, status: reply.status });
      res.writeHead(reply.status, reply.headers ?? {});
      res.end();
      check();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/hook`,
    port: actual,
    requests,
    until(predicate) {
      return new Promise((resolve) => {
        waiters.push({ predicate, resolve });
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Parsed JSON bodies of the requests received. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
export const bodies = (requests: ReceivedRequest[]): any[] => requests.map((r) => JSON.parse(r.body));
