/**
 * The origin absolute links are built on (QR codes, pagination links, problem types):
 * PUBLIC_URL when the deployment sets it, else the origin the request came to, which is the
 * address the reader used, so a laptop opened as http://192.168.1.20:8787 prints QR codes
 * phones on that network can open. Behind a reverse proxy (TRUST_PROXY) the request reaches
 * the app on an inner address: the proxy's X-Forwarded-Proto and X-Forwarded-Host say what
 * the reader used (the last entry, the one the trusted proxy itself added). Without
 * TRUST_PROXY they are ignored: anyone can send them.
 */
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { HttpPort } from "./ports";

/** The app's HTTP port: absent when a problem is answered before the deps are set (a 404 of no route). */
export const httpPort = (c: Context) => (c.var as { deps?: { http: HttpPort } }).deps?.http;

/** The last entry of a proxy's list header: the one the trusted proxy itself added. */
export const lastEntry = (value: string | undefined) => value?.split(",").at(-1)?.trim() || undefined;

export function publicOrigin(c: Context): string {
  const http = httpPort(c);
  if (http?.publicUrl) return http.publicUrl.replace(/\/+$/, "");
  const url = new URL(c.req.url);
  if (http?.trustProxy) {
    const proto = lastEntry(c.req.header("x-forwarded-proto"))?.toLowerCase() ?? url.protocol.slice(0, -1);
    const host = lastEntry(c.req.header("x-forwarded-host")) ?? url.host;
    if ((proto === "https" || proto === "http") && URL.canParse(`${proto}://${host}`)) {
      const forwarded = new URL(`${proto}://${host}`);
      // Only a host and port: a forwarded value carrying a path or credentials is not an origin.
      if (forwarded.host === host.toLowerCase()) return forwarded.origin;
    }
  }
  return url.origin;
}

/** Whether only this computer can open the origin (localhost, 127.0.0.0/8, ::1, 0.0.0.0). */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (!ipaddr.isValid(host)) return false;
  let ip = ipaddr.parse(host);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "loopback" || ip.range() === "unspecified";
}
