/**
 * The console's headers: like the venue pages' (src/http/pages/security.ts), but its script is
 * a file of this site (`script-src 'self'`), no page may frame it, and the referrer goes to this
 * site only, so that a browser still names this site as the `Origin` of its forms and requests
 * (with `no-referrer` it would send `Origin: null`) while a pairing link never leaves it.
 */
import { secureHeaders } from "hono/secure-headers";

export const consoleSecurity = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: false,
  strictTransportSecurity: false,
  referrerPolicy: "same-origin",
});
