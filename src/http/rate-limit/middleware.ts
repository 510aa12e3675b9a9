import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { TOKEN_PATH } from "../middleware/auth";
import { problemResponse } from "../problem";
import {
  RATE_LIMIT_POLICIES,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicy,
} from "./policies";

interface Charge {
  policy: RateLimitPolicy;
  key: string;
  /** Who the key names, for the 429's detail. */
  per: string;
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/** The client_id a token request names (Basic header, form or JSON body), if any. */
async function tokenClientId(c: Context<AppEnv>): Promise<string | undefined> {
  const basic = /^basic (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (basic) {
    try {
      return decodeURIComponent(atob(basic.trim()).split(":")[0]!.replace(/\+/g, " "));
    } catch {
      return undefined;
    }
  }
  const text = await c.req.text();
  if ((c.req.header("content-type") ?? "").includes("json")) {
    try {
      const id = (JSON.parse(text) as { client_id?: unknown }).client_id;
      return typeof id === "string" ? id : undefined;
    } catch {
      return undefined;
    }
  }
  return new URLSearchParams(text).get("client_id") ?? undefined;
}

async function chargesFor(c: Context<AppEnv>, address: string): Promise<Charge[]> {
  const byAddress = { key: `addr:${address}`, per: `address ${address}` };
  if (c.req.path === TOKEN_PATH && c.req.method === "POST") {
    const clientId = await tokenClientId(c);
    return [
      { policy: RATE_LIMIT_POLICIES.tokenAddress, ...byAddress },
      ...(clientId
        ? [{ policy: RATE_LIMIT_POLICIES.tokenClient, key: `client:${clientId}`, per: `client ${clientId}` }]
        : []),
    ];
  }
  const actor = c.get("actor");
  const who =
    actor.kind === "client"
      ? { key: `client:${actor.clientId}`, per: `client ${actor.clientId}` }
      : byAddress;
  const policy =
    c.req.path === "/graphql"
      ? RATE_LIMIT_POLICIES.graphql
      : READ_METHODS.has(c.req.method)
        ? RATE_LIMIT_POLICIES.read
        : RATE_LIMIT_POLICIES.write;
  return [{ policy, ...who }];
}

/** IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers): one list item per policy. */
function rateLimitHeaders(charges: Charge[], decisions: RateLimitDecision[]): Record<string, string> {
  const policy = charges.map(({ policy: p }) => `"${p.name}";q=${p.limit};w=${p.windowSeconds}`).join(", ");
  const state = charges
    .map(({ policy: p }, i) => {
      const d = decisions[i]!;
      const remaining = d.allowed ? d.remaining : 0;
      return remaining === undefined ? undefined : `"${p.name}";r=${remaining};t=${d.resetSeconds}`;
    })
    .filter((item) => item !== undefined)
    .join(", ");
  return { "ratelimit-policy": policy, ...(state ? { ratelimit: state } : {}) };
}

/**
 * Counts every request against its policy, per client id when a token was given and per
 * source address otherwise; token requests against both their client_id and address. Over the
 * limit: 429 problem+json with Retry-After, before authorisation or the handler runs. A
 * successful token request is given back, so only failed attempts use up that tight budget.
 */
export function rateLimit(
  limiter: RateLimiter,
  addressOf: (c: Context<AppEnv>) => string | undefined,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const charges = await chargesFor(c, addressOf(c) ?? "unknown");
    const decisions = await Promise.all(charges.map((ch) => limiter.consume(ch.policy, ch.key)));
    const headers = rateLimitHeaders(charges, decisions);
    const refused = decisions.findIndex((d) => !d.allowed);
    if (refused >= 0) {
      const { policy, per } = charges[refused]!;
      const retryAfter = decisions[refused]!.resetSeconds;
      c.get("logger").info("rate limited", { requestId: c.get("requestId"), policy: policy.name, per });
      return problemResponse(
        c,
        {
          status: 429,
          code: "rate_limited",
          detail: `At most ${policy.limit} ${policy.name} requests per ${policy.windowSeconds} s for ${per}; retry in ${retryAfter} s.`,
        },
        { ...headers, "retry-after": String(retryAfter) },
      );
    }
    await next();
    if (c.req.path === TOKEN_PATH && c.res.status === 200 && limiter.refund) {
      await Promise.all(charges.map((ch) => limiter.refund!(ch.policy, ch.key)));
    }
    // A route with a limit of its own (a seat's wrong codes) already named it: both are listed.
    const setAll = () => {
      for (const [name, value] of Object.entries(headers)) {
        const own = c.res.headers.get(name);
        c.res.headers.set(name, own ? `${own}, ${value}` : value);
      }
    };
    try {
      setAll();
    } catch {
      // Some responses (a fetched asset) have immutable headers: copy once, then set.
      c.res = new Response(c.res.body, c.res);
      setAll();
    }
  };
}
