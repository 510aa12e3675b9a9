/**
 * Security headers of the HTML pages, by Hono's secure-headers middleware:
 *
 * - Content-Security-Policy: nothing loads from anywhere but this origin (`default-src 'none'`,
 *   `connect-src 'self'` for the screen's fetch and change feed, forms post here only), and the
 *   one script (the venue screen's) runs because its SHA-256 is listed; any other inline
 *   script or event handler is refused. A hash rather than a nonce: pages carry an entity tag
 *   hashed from their body and answer `If-None-Match` with 304, and a per-response nonce would
 *   change every body (no 304 ever again), while a 304 carrying a new nonce in its header would
 *   replace the cached one and block the cached page's script. Inline CSS stays allowed (style
 *   attributes set the screen's grid): CSS runs no code.
 * - `frame-ancestors 'none'`: no page is framed by another site (clickjacking of the seat-code
 *   forms), except the venue screen of an event that lists origins allowed to embed it.
 * - X-Content-Type-Options: nosniff; Referrer-Policy: no-referrer (table and session ids stay
 *   on this site); no HSTS (whether a deployment is HTTPS-only is the proxy's decision).
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { SCREEN_SCRIPT } from "./screen-script";

const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

const POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: [hashOf(SCREEN_SCRIPT)],
  styleSrc: ["'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'none'"],
};

/** The page headers; `frameAncestors`: origins that may embed the page (none by default). */
export function pageSecurity(frameAncestors: readonly string[] = []): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      ...POLICY,
      frameAncestors: frameAncestors.length > 0 ? [...frameAncestors] : ["'none'"],
    },
    // frame-ancestors says it, with origins X-Frame-Options cannot express.
    xFrameOptions: false,
    strictTransportSecurity: false,
    referrerPolicy: "no-referrer",
    // A page's own headers (an embeddable screen's policy) stay.
    overwrite: false,
  });
}
