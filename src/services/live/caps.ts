/**
 * Caps on concurrent live streams. A stream holds a connection (and on Workers a Durable Object
 * request) for up to an hour, so the request rate limit, which counts opens, does not bound what
 * one caller holds: these count what is open now, per client id and per source address (an IPv6
 * address by its /64, what one subscriber is usually given), and anonymous streams end sooner.
 */
import ipaddr from "ipaddr.js";

export interface StreamLimits {
  /** Streams open at once with the tokens of one client. */
  perClient: number;
  /** Streams open at once from one address (IPv4) or one /64 (IPv6), with or without a token. */
  perAddress: number;
  /** The longest stream an anonymous caller gets, in seconds (they reconnect with Last-Event-ID). */
  anonymousMaxSeconds: number;
}

/**
 * How often a watched feed reads the database on its own (a Node process's hub, a Worker's feed
 * object): the safety net for a change written elsewhere, or a notice that was lost.
 */
export const DEFAULT_LIVE_REFRESH_MS = 5000;

/**
 * A store's 40 phones behind one NAT address watching the venue screen, plus its screens, bots
 * and a second event, stay far below the per-address cap; a client's token serves every screen
 * and bot of a store. See docs/guides/live-feeds.md.
 */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perClient: 100,
  perAddress: 200,
  anonymousMaxSeconds: 600,
};

/**
 * Who a source address counts as, for stream caps and rate limits alike: its IPv4 address, or
 * the /64 network of its IPv6 address. One IPv6 subscriber is handed a whole /64 (RFC 6177), so
 * counting full addresses would let one machine take 2^64 fresh budgets. An IPv4-mapped IPv6
 * address counts as the IPv4 address. Anything unparsable counts as itself.
 */
export function addressKey(raw: string | undefined): string {
  const text = raw?.trim().replace(/%.*$/, "") ?? "";
  if (!text) return "unknown";
  if (!ipaddr.isValid(text)) return text.slice(0, 64);
  const address = ipaddr.process(text);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

/** One count a stream is charged against. */
export interface StreamCharge {
  key: string;
  limit: number;
  /** Who the key names, for the problem's detail ("address 203.0.113.7"). */
  per: string;
  /** Which limit, for the problem's detail. */
  name: "streams-per-client" | "streams-per-address";
}

/** A slot held in a counter shared by the runtime's instances (Workers: a Durable Object per key). */
export interface SlotLease {
  /** The counter's name. */
  counter: string;
  id: string;
}

export interface GrantedSlot {
  granted: true;
  /** Frees the slot (at once, or when the runtime's counters hear of it). */
  release: () => void;
  /** Where the slot is held when not in this process: whoever ends the stream frees these. */
  leases?: SlotLease[];
}

export type SlotDecision = GrantedSlot | { granted: false; refused: StreamCharge };

/** What a caller is charged: its client id when it has a token, and its address when known. */
export function streamCharges(
  limits: StreamLimits,
  clientId: string | undefined,
  address: string | undefined,
): StreamCharge[] {
  const charges: StreamCharge[] = [];
  if (clientId) {
    charges.push({
      key: `client:${clientId}`,
      limit: limits.perClient,
      per: `client ${clientId}`,
      name: "streams-per-client",
    });
  }
  if (address) {
    const key = addressKey(address);
    charges.push({
      key: `addr:${key}`,
      limit: limits.perAddress,
      per: `address ${key}`,
      name: "streams-per-address",
    });
  }
  return charges;
}

/** The open streams of one process (Node) or one isolate, by key. */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  acquire(charges: readonly StreamCharge[]): SlotDecision {
    const refused = charges.find((charge) => (this.open.get(charge.key) ?? 0) >= charge.limit);
    if (refused) return { granted: false, refused };
    for (const charge of charges) this.open.set(charge.key, (this.open.get(charge.key) ?? 0) + 1);
    let released = false;
    return {
      granted: true,
      release: () => {
        if (released) return;
        released = true;
        for (const charge of charges) {
          const left = (this.open.get(charge.key) ?? 1) - 1;
          if (left <= 0) this.open.delete(charge.key);
          else this.open.set(charge.key, left);
        }
      },
    };
  }
}
