import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import type { AppEnv } from "./context";
import { problemResponse } from "./problem";

const SCRIPT_PATH = "/docs/scalar.js";

/**
 * Interactive reference at /docs, for a self-hosted API: the page talks to this server only.
 * Scalar's defaults reach out to its own services, so each is switched off here:
 * - the script comes from our own copy of the installed bundle, not a CDN, and no web fonts;
 * - "Try it" requests go straight to this server: an undefined `proxyUrl` means Scalar's proxy;
 * - no AI chat (enabled on localhost by default), no developer toolbar (its Share and Deploy
 *   upload the document to Scalar's registry), no "Open API Client" link to Scalar's site, no
 *   telemetry.
 * test/http/docs-page.test.ts loads the page in Chromium and fails on any request elsewhere.
 */
const SCALAR_CONFIGURATION = {
  url: "/openapi.json",
  cdn: SCRIPT_PATH,
  pageTitle: "CATAN Tournament API",
  withDefaultFonts: false,
  proxyUrl: "",
  agent: { disabled: true },
  showDeveloperTools: "never",
  hideClientButton: true,
  telemetry: false,
  documentDownloadType: "json",
} as const;

export function mountDocs(app: Hono<AppEnv>): void {
  app.get("/docs", Scalar<AppEnv>(SCALAR_CONFIGURATION));
  app.get(SCRIPT_PATH, async (c) => {
    const load = c.get("deps").http.docsScript;
    if (!load) {
      return problemResponse(c, {
        status: 404,
        code: "docs_bundle_unavailable",
        detail: "This deployment does not serve the reference bundle; read /openapi.json instead.",
      });
    }
    return c.body(await load(), 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=86400",
    });
  });
}
