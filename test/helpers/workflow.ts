import type { App } from "../../src/http/app";

/** JSON request helpers: every workflow test speaks HTTP to the real app. */
export function jsonRequest(app: App, auth: Record<string, string>) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
    const json: any = text && /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(text) : null;
    return { status: res.status, body: json, text, headers: res.headers };
  };
  return {
    /** Any method, with the body sent as given (none when undefined). */
    send,
    get: (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      send("POST", path, body ?? {}, headers),
    put: (path: string, body: unknown, headers?: Record<string, string>) => send("PUT", path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) =>
      send("PATCH", path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => send("DELETE", path, undefined, headers),
  };
}
export type JsonClient = ReturnType<typeof jsonRequest>;

/** Creates `count` players named `${prefix} 1…count` and returns their ids in order. */
export async function createPlayers(
  api: JsonClient,
  orgId: string,
  count: number,
  prefix = "Player",
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await api.post(`/v1/orgs/${orgId}/players`, { name: `${prefix} ${i}` });
    if (res.status !== 201)
      throw new Error(`player creation failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  return ids;
}
