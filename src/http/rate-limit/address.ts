import ipaddr from "ipaddr.js";

/**
 * Who an anonymous request counts as: its IPv4 address, or the /64 network of its IPv6 address.
 * One IPv6 subscriber is handed a whole /64 (RFC 6177), so counting full addresses would let one
 * machine take 2^64 fresh budgets. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports) counts as the IPv4 address. Anything unparsable counts as itself.
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
