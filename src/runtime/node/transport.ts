import { promises as dns, lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  assertPublicAddress,
  type ResolveHost,
  type TargetPolicy,
  type Transport,
} from "../../services/webhooks";

/**
 * A DNS lookup that refuses private answers: the address checked is the address connected
 * to, so a host that resolves differently on the second lookup (DNS rebinding) gains nothing.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      try {
        for (const a of addresses) assertPublicAddress(a.address, policy);
      } catch (refused) {
        return callback(refused as NodeJS.ErrnoException, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** The system resolver, for the check at subscription time. */
export const nodeResolveHost: ResolveHost = async (hostname) =>
  (await dns.lookup(hostname, { all: true })).map((a) => a.address);

/**
 * POSTs with node:http(s): no redirects followed, a hard timeout, and the connection closed once
 * the status is read (a receiver's body is never downloaded: one that never ends would hold the
 * socket and take bytes for ever after the timeout stopped counting).
 */
export function nodeTransport(policy: TargetPolicy): Transport {
  const lookup = guardedLookup(policy);
  return (request) =>
    new Promise((resolve, reject) => {
      const url = new URL(request.url);
      const send = url.protocol === "https:" ? https.request : http.request;
      const req = send(url, {
        method: "POST",
        headers: { "user-agent": "catan-tournament-api-webhooks/1", ...request.headers },
        lookup,
      });
      const timer = setTimeout(
        () => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)),
        request.timeoutMs,
      );
      req.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.on("response", (res) => {
        clearTimeout(timer);
        const retryAfter = res.headers["retry-after"];
        res.destroy();
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: typeof retryAfter === "string" ? retryAfter : null,
        });
      });
      req.end(request.body);
    });
}
