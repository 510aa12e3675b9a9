/**
 * The few Workers runtime types the live feeds use beside the bindings' (globals.d.ts): the
 * project typechecks against Node's and the DOM's, not @cloudflare/workers-types, whose globals
 * clash with them.
 */

interface DurableObjectStorage {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string | string[]): Promise<unknown>;
  deleteAll(): Promise<void>;
  list<T>(options?: { prefix?: string }): Promise<Map<string, T>>;
  getAlarm(): Promise<number | null>;
  setAlarm(when: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

/** A server-side WebSocket of the Hibernation API. */
export interface HibernatableSocket {
  send(message: string): void;
  close(code?: number, reason?: string): void;
  serializeAttachment(value: unknown): void;
  deserializeAttachment(): unknown;
}

export interface DurableObjectState {
  storage: DurableObjectStorage;
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
  acceptWebSocket(socket: HibernatableSocket, tags?: string[]): void;
  getWebSockets(tag?: string): HibernatableSocket[];
  setWebSocketAutoResponse(pair: unknown): void;
}

/** The runtime's globals for WebSockets (workerd). */
interface SocketGlobals {
  WebSocketPair: new () => { 0: HibernatableSocket; 1: HibernatableSocket };
  WebSocketRequestResponsePair: new (request: string, response: string) => unknown;
}

export const socketGlobals = globalThis as unknown as SocketGlobals;
