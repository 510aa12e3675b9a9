/**
 * The Workers runtime's binding types that the generated environment (env.d.ts, from
 * `npm run types:worker`) names, as far as this project uses them. The project typechecks
 * against Node's and the DOM's globals, with which @cloudflare/workers-types clashes.
 */

/** A queue producer binding (`[[queues.producers]]`). */
interface Queue<Body = unknown> {
  send(body: Body): Promise<void>;
}

/** A rate-limiting binding (`[[ratelimits]]`). */
interface RateLimit {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** A Durable Object namespace binding (`[[durable_objects.bindings]]`). */
interface DurableObjectNamespace<_Class = unknown> {
  idFromName(name: string): { toString(): string };
  get(id: { toString(): string }): { fetch(input: string | Request, init?: RequestInit): Promise<Response> };
}
