import type { Context } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import { ServiceError } from "../../services/errors";
import type { AppEnv } from "../context";
import { bodyEtag, etagMatches } from "../middleware/etag";
import { NotFoundPage } from "./not-found-page";
import { type PageContext, pageContext } from "./page-context";

/**
 * One HTML response, with a weak ETag hashed from the body like the API's JSON reads, and a 304
 * for a matching If-None-Match. Pages of private events (only ever rendered for a token that may
 * read them) are `private`, so shared caches never keep them.
 */
export async function sendPage(
  c: Context<AppEnv>,
  view: JSX.Element,
  options: {
    private?: boolean;
    status?: 200 | 403 | 404 | 409 | 412 | 422 | 429;
    /** Extra headers of a refusal (Retry-After, RateLimit). */
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  // A view with async parts renders to a promise of its text.
  const html = `<!doctype html>${await (await view).toString()}`;
  const status = options.status ?? 200;
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": options.private ? "private, no-cache" : "no-cache",
    Vary: "Accept-Language",
    ...options.headers,
  };
  if (status !== 200) return c.body(html, status, headers);
  const etag = await bodyEtag(html);
  headers.ETag = etag;
  if (etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  return c.body(html, 200, headers);
}

/**
 * A page handler: builds its view from services; anything the reader may not see (unknown ids,
 * private events without a token) is the same HTML 404, as the API answers 404.
 */
export function page(build: (c: Context<AppEnv>, p: PageContext) => Promise<Response>) {
  return async (c: Context<AppEnv>) => {
    const p = pageContext(c);
    try {
      return await build(c, p);
    } catch (error) {
      if (error instanceof ServiceError && (error.kind === "not_found" || error.kind === "invalid")) {
        return sendPage(c, NotFoundPage({ p }), { status: 404 });
      }
      throw error;
    }
  };
}
