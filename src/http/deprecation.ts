/**
 * Deprecating an operation, the one way (docs/versioning.md): wrap its route definition in
 * `deprecate(route, { since, sunset })`. The OpenAPI document then marks it `deprecated: true`,
 * says when in its description and documents the headers, and every answer of the operation
 * (successes, errors and 304s alike) carries
 *   Deprecation: @<since, Unix seconds>     (RFC 9745)
 *   Sunset: <sunset, HTTP date>             (RFC 8594, when a removal date is set)
 *   Link: <link>; rel="deprecation"         (RFC 9745, when a page explains the replacement)
 * so clients and their monitoring notice before the operation goes.
 */
import { type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { editResponseHeaders } from "./response-headers";

export interface Deprecation {
  /** When the operation was deprecated. */
  since: Date;
  /** When it may be removed; at least the notice period of docs/versioning.md after `since`. */
  sunset?: Date;
  /** A page that says what to use instead (absolute, or a path of this server). */
  link?: string;
}

/** The response headers of a deprecated operation. */
export function deprecationHeaders({ since, sunset, link }: Deprecation): Record<string, string> {
  return {
    // RFC 9745 §2.1: a Structured Field Date, `@` and the Unix time in seconds.
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    ...(sunset ? { sunset: sunset.toUTCString() } : {}),
    ...(link ? { link: `<${link}>; rel="deprecation"` } : {}),
  };
}

function deprecationMiddleware(deprecation: Deprecation): MiddlewareHandler {
  const headers = deprecationHeaders(deprecation);
  return async (c, next) => {
    await next();
    editResponseHeaders(c, (res) => {
      for (const [name, value] of Object.entries(headers)) {
        // A list answer may already name its next page in Link: both links stand.
        if (name === "link") res.append(name, value);
        else res.set(name, value);
      }
    });
  };
}

const DEPRECATION_DOC = {
  description: "This operation is deprecated (RFC 9745): `@` and the Unix time it was deprecated at.",
  example: "@1798761600",
};
const SUNSET_DOC = {
  description: "When the operation may be removed (RFC 8594), as an HTTP date.",
  example: "Tue, 01 Jun 2027 00:00:00 GMT",
};

type Response = RouteConfig["responses"][string];

/** The response with the deprecation headers documented beside its own (zod or plain header objects). */
function withDeprecationHeaders(response: Response): Response {
  if ("$ref" in response) return response;
  const own = response.headers;
  if (own instanceof z.ZodObject) {
    return {
      ...response,
      headers: own.extend({
        Deprecation: z.string().openapi(DEPRECATION_DOC),
        Sunset: z.string().optional().openapi(SUNSET_DOC),
      }),
    };
  }
  const plain = (doc: { description: string; example: string }) => ({
    description: doc.description,
    schema: { type: "string" as const, example: doc.example },
  });
  return { ...response, headers: { ...own, Deprecation: plain(DEPRECATION_DOC), Sunset: plain(SUNSET_DOC) } };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The notice docs/versioning.md promises: an operation works for 6 months after its deprecation. */
const NOTICE_MONTHS = 6;

/** The route, deprecated: marked in the OpenAPI document and answered with the headers above. */
export function deprecate<R extends RouteConfig>(route: R, deprecation: Deprecation): R {
  if (deprecation.sunset) {
    const earliest = new Date(deprecation.since);
    earliest.setUTCMonth(earliest.getUTCMonth() + NOTICE_MONTHS);
    if (deprecation.sunset < earliest) {
      throw new RangeError(
        `${route.method.toUpperCase()} ${route.path}: a sunset before ${day(earliest)} breaks the ${NOTICE_MONTHS}-month notice.`,
      );
    }
  }
  const when = `Deprecated since ${day(deprecation.since)}${
    deprecation.sunset ? `; it may be removed after ${day(deprecation.sunset)}` : ""
  }.`;
  const middleware = route.middleware === undefined ? [] : [route.middleware].flat();
  return {
    ...route,
    deprecated: true,
    description: route.description ? `${when} ${route.description}` : when,
    middleware: [deprecationMiddleware(deprecation), ...middleware],
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, response]) => [status, withDeprecationHeaders(response)]),
    ),
  };
}
