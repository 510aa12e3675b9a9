import type { Context, MiddlewareHandler } from "hono";
import { recordTokenGuessing } from "../../services/auth";
import type { AppEnv } from "../context";
import { TOKEN_PATH } from "../middleware/auth";
import { problemResponse } from "../problem";
import { editResponseHeaders } from "../response-headers";
import { DISCORD_INTERACTIONS_PATH } from "../routes/discord/path";
import type { RateLimitDecision, RateLimiter, RateLimitPolicies, RateLimitPolicy } from "./policies";

interface Charge {
  policy: RateLimitPolicy;
  key: string;
  /** Who the key names, for the 429's detail. */
  per: string;
  /** The caller's quota in multiples of the policy's limit (an admin's grant); 1 by default. */
  factor: number;
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * What a store's phones read at the venue without a token: the pages (home, event, screen,
 * table, print) and the change feeds the screen follows.
 */
function isPublicRead(path: string): boolean {
  return path === "/" || /^\/[est]\//.test(path) || /^\/v1\/(events|orgs)\/[^/]+\/changes$/.test(path);
}

const isConsoleForm = (path: string) => path === "/console" || path.startsWith("/console/");

function chargesFor(c: Context<AppEnv>, policies: RateLimitPolicies, address: string): Charge[] {
  const byAddress = { key: `addr:${address}`, per: `address ${address}`, factor: 1 };
  // Discord's interactions come from Discord's few addresses on behalf of every member of every
  // server: a policy of their own, wide enough for a whole event, before the signature is read.
  if (c.req.path === DISCORD_INTERACTIONS_PATH) return [{ policy: policies.discord, ...byAddress }];
  // A token request is counted like any anonymous write (every one, right or wrong: the rate a
  // guesser may still try); its failures are counted after the secret is checked
  // (tokenFailureCharges), so wrong secrets never lock out the right one.
  if (c.req.path === TOKEN_PATH && c.req.method === "POST") return [{ policy: policies.write, ...byAddress }];
  const read = READ_METHODS.has(c.req.method);
  // A console form is relayed to the API as the requests it makes, each counted there: counting
  // the form too would halve a device's budget.
  if (!read && isConsoleForm(c.req.path)) return [];
  const graphql = c.req.path === "/graphql";
  const actor = c.get("actor");
  if (actor.kind !== "client") {
    const policy = graphql
      ? policies.graphql
      : read && isPublicRead(c.req.path)
        ? policies.public
        : read
          ? policies.read
          : policies.write;
    return [{ policy, ...byAddress }];
  }
  const factor = c.get("rateLimitFactor") ?? 1;
  const charges: Charge[] = [
    {
      policy: graphql ? policies.graphql : read ? policies.read : policies.write,
      key: `client:${actor.clientId}`,
      per: `client ${actor.clientId}`,
      factor,
    },
  ];
  // Every client of an organisation shares its budget too, so minting clients does not
  // multiply it; a client an admin gave its own quota is counted on that quota alone.
  if (actor.orgId && factor === 1) {
    charges.push({
      policy: graphql ? policies.orgGraphql : read ? policies.orgRead : policies.orgWrite,
      key: `org:${actor.orgId}`,
      per: `organisation ${actor.orgId}`,
      factor: 1,
    });
  }
  return charges;
}

/**
 * What a failed token request counts: per address whatever client id it names, and per
 * (client id, address). Failures stop the address that fails, never the client's right secret.
 */
function tokenFailureCharges(
  policies: RateLimitPolicies,
  address: string,
  clientId: string | undefined,
): Charge[] {
  return [
    { policy: policies.tokenAddress, key: `addr:${address}`, per: `address ${address}`, factor: 1 },
    ...(clientId
      ? [
          {
            policy: policies.tokenClient,
            key: `client:${clientId}@${address}`,
            per: `client ${clientId} from address ${address}`,
            factor: 1,
          },
        ]
      : []),
  ];
}

/** IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers): one list item per policy. */
function rateLimitHeaders(charges: Charge[], decisions: RateLimitDecision[]): Record<string, string> {
  const policy = charges
    .map(({ policy: p, factor }) => `"${p.name}";q=${p.limit * factor};w=${p.windowSeconds}`)
    .join(", ");
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

/** 429 problem+json naming the policy over its limit and who it counts. */
function limited(
  c: Context<AppEnv>,
  charge: Charge,
  decision: RateLimitDecision,
  headers: Record<string, string>,
) {
  const { policy, per, factor } = charge;
  const retryAfter = decision.resetSeconds;
  c.get("logger").info("rate limited", { requestId: c.get("requestId"), policy: policy.name, per });
  return problemResponse(
    c,
    {
      status: 429,
      code: "rate_limited",
      detail: `At most ${policy.limit * factor} ${policy.name} requests per ${policy.windowSeconds} s for ${per}; retry in ${retryAfter} s.`,
    },
    { ...headers, "retry-after": String(retryAfter) },
  );
}

/**
 * Counts every request against its policies: per client id and per organisation with a token,
 * per source address (IPv6: per /64, see address.ts) without; anonymous reads of the venue pages
 * and change feeds on a policy of their own. Over a limit: 429 problem+json with Retry-After,
 * before authorisation or the handler runs. A token request counts as an anonymous write; its
 * secret is checked first, and only a failure counts towards the token policies (per address,
 * and per client id and address: the id the token route found the request to name), whose 429
 * then replaces the 401: a right secret is always taken. Failures naming a client id also count,
 * from every address together, towards an alarm that records an audit event and never refuses
 * anyone.
 */
export function rateLimit(
  limiter: RateLimiter,
  addressOf: (c: Context<AppEnv>) => string,
  policies: RateLimitPolicies,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const address = addressOf(c);
    const tokenRequest = c.req.path === TOKEN_PATH && c.req.method === "POST";
    const charges = chargesFor(c, policies, address);
    if (charges.length === 0) return next();
    const decisions = await Promise.all(charges.map((ch) => limiter.consume(ch.policy, ch.key, ch.factor)));
    let headers = rateLimitHeaders(charges, decisions);
    const refused = decisions.findIndex((d) => !d.allowed);
    if (refused >= 0) return limited(c, charges[refused]!, decisions[refused]!, headers);
    await next();
    if (tokenRequest && c.res.status === 401) {
      const clientId = c.get("tokenClientId");
      const failures = tokenFailureCharges(policies, address, clientId);
      const counted = await Promise.all(failures.map((ch) => limiter.consume(ch.policy, ch.key, ch.factor)));
      headers = rateLimitHeaders([...charges, ...failures], [...decisions, ...counted]);
      const over = counted.findIndex((d) => !d.allowed);
      if (clientId) await raiseTokenAlarm(c, limiter, policies.tokenAlarm, clientId);
      if (over >= 0) {
        c.res = limited(c, failures[over]!, counted[over]!, headers);
        return;
      }
    }
    // A route with a limit of its own (a seat's wrong codes) already named it: both are listed.
    editResponseHeaders(c, (res) => {
      for (const [name, value] of Object.entries(headers)) {
        const own = res.get(name);
        res.set(name, own ? `${own}, ${value}` : value);
      }
    });
  };
}

/**
 * A failed token request naming `clientId`, counted from every address together: past the
 * alarm's limit someone is guessing that client's secret (or a deployment has a stale one), so
 * an audit event (one per window) and an error log say so. Nobody is refused for it.
 */
async function raiseTokenAlarm(
  c: Context<AppEnv>,
  limiter: RateLimiter,
  alarm: RateLimitPolicy,
  clientId: string,
): Promise<void> {
  const { allowed } = await limiter.consume(alarm, `client:${clientId}`);
  if (allowed) return;
  const now = c.get("clock")();
  const raised = await recordTokenGuessing(c.get("db"), clientId, now, alarm);
  if (raised) {
    c.get("logger").error("token guessing suspected", {
      requestId: c.get("requestId"),
      clientId,
      failures: `more than ${alarm.limit} in ${alarm.windowSeconds} s`,
    });
  }
}
