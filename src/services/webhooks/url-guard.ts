import ipaddr from "ipaddr.js";

/** How a target host is resolved (Node: the system resolver; Workers: DNS over HTTPS). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface TargetPolicy {
  /**
   * Development and tests only: loopback targets (127.0.0.0/8, ::1, `localhost`) are allowed,
   * over http and on any port. Private and link-local addresses stay refused.
   */
  allowLoopback?: boolean;
}

export class UnsafeTargetError extends Error {
  override readonly name = "UnsafeTargetError";
}

/**
 * The address range of an IP, looking through IPv4-mapped IPv6. ipaddr.js calls the rest of
 * ::/8 "unicast": the deprecated IPv4-compatible form (::a.b.c.d, which some stacks still
 * route to the embedded IPv4 address, loopback included) and space the IETF never assigned.
 * Neither is a real public host, so both are refused whatever they embed. (NAT64, 6to4,
 * Teredo and the other translation prefixes have ranges of their own and are refused whole.)
 */
function rangeOf(address: string): string {
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else if (v6.range() === "unicast" && v6.parts[0]! < 0x100)
      return v6.parts.slice(0, 6).every((p) => p === 0) ? "ipv4Compatible" : "reserved";
  }
  return ip.range();
}

/** Throws unless the address is a public unicast address (or loopback when allowed). */
export function assertPublicAddress(address: string, policy: TargetPolicy): void {
  const range = rangeOf(address);
  if (range === "unicast") return;
  if (range === "loopback" && policy.allowLoopback) return;
  throw new UnsafeTargetError(`resolves to ${address} (${range}), not a public address`);
}

const LOOPBACK_NAMES = new Set(["localhost", "localhost.localdomain"]);

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * The checks that need no DNS: https on the standard port to a host that, if it is an IP
 * literal, is public. With `allowLoopback`, a loopback target may use http and any port.
 */
export function assertTargetUrl(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeTargetError("is not an absolute URL");
  }
  if (url.username || url.password) throw new UnsafeTargetError("must not carry credentials");
  const host = bareHost(url);
  const literal = ipaddr.isValid(host);
  const loopback = literal ? rangeOf(host) === "loopback" : LOOPBACK_NAMES.has(host.toLowerCase());
  if (loopback && policy.allowLoopback) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new UnsafeTargetError("must be http(s)");
    return url;
  }
  if (url.protocol !== "https:") throw new UnsafeTargetError("must use https");
  if (url.port !== "") throw new UnsafeTargetError(`must use the standard https port, not ${url.port}`);
  if (literal) assertPublicAddress(host, policy);
  else if (loopback || !host.includes("."))
    throw new UnsafeTargetError(`'${host}' is not a public host name`);
  return url;
}

/** The full check: URL rules, then every DNS answer must be public. */
export async function assertSafeTarget(
  raw: string,
  policy: TargetPolicy,
  resolve: ResolveHost,
): Promise<URL> {
  const url = assertTargetUrl(raw, policy);
  const host = bareHost(url);
  if (ipaddr.isValid(host)) return url;
  const addresses = await resolve(host).catch((): string[] => []);
  if (addresses.length === 0) throw new UnsafeTargetError(`host '${host}' does not resolve`);
  for (const address of addresses) assertPublicAddress(address, policy);
  return url;
}

/** Discord's webhook URLs get Discord messages instead of signed JSON. */
export function isDiscordWebhookUrl(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return (
    /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/.test(url.hostname) &&
    url.pathname.startsWith("/api/webhooks/")
  );
}
