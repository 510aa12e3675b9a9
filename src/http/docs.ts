import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import type { AppEnv } from "./context";
import { problemResponse } from "./problem";

const SCRIPT_PATH = "/docs/scalar.js";

/**
 * Interactive reference at /docs. Scalar loads its script from a CDN by default; pointing it
 * at our own copy of the installed bundle keeps the page working with no internet.
 */
export function mountDocs(app: Hono<AppEnv>): void {
  app.get(
    "/docs",
    Scalar<AppEnv>({
      url: "/openapi.json",
      cdn: SCRIPT_PATH,
      pageTitle: "CATAN Tournament API",
      withDefaultFonts: false,
    }),
  );
  app.get(SCRIPT_PATH, async (c) => {
    const load = c.get("deps").docsScript;
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
