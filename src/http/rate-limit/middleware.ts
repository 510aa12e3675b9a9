import type { Context, MiddlewareHandler } from "hono";
import { recordTokenGuessing } from "../../services/auth";
import type { AppEnv } from "../context";
import { problemResponse } from "../problem";
import { editResponseHeaders } from "../response-headers";
import type { RateLimitDecision, RateLimiter, RateLimitPolicies, RateLimitPolicy } from "./policies";

interface Charge {
  policy: RateLimitPolicy;
  key: string;
  /** Who the key names, for the 429's detail. */
  per: string;
  /** The caller's quota in multiples of the policy's limit (an admin's grant); 1 by default. */
  factor: number;
}

/** What one request is counted against: its policies and keys, from the caller and the method. */
type Charges = (c: Context<AppEnv>, address: string) => Charge[];

const READ_METHODS = new Set(["GET", "HEAD"]);
const isRead = (c: Context<AppEnv>) => READ_METHODS.has(c.req.method);

const byAddress = (policy: RateLimitPolicy, address: string): Charge => ({
  policy,
  key: `addr:${address}`,
  per: `address ${address}`,
  factor: 1,
});

/**
 * A client is counted on `own` per client id and, with its organisation's other clients, on
 * `org`; an anonymous caller on `own` per address.
 */
function byCaller(c: Context<AppEnv>, address: string, own: RateLimitPolicy, org: RateLimitPolicy): Charge[] {
  const actor = c.get("actor");
  if (actor.kind !== "client") return [byAddress(own, address)];
  const factor = c.get("rateLimitFactor") ?? 1;
  const charges: Charge[] = [
    { policy: own, key: `client:${actor.clientId}`, per: `client ${actor.clientId}`, factor },
  ];
  // Every client of an organisation shares its budget too, so minting clients does not
  // multiply it; a client an admin gave its own quota is counted on that quota alone.
  if (actor.orgId && factor === 1) {
    charges.push({ policy: org, key: `org:${actor.orgId}`, per: `organisation ${actor.orgId}`, factor: 1 });
  }
  return charges;
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

/** The 429 problem+json naming the first policy over its limit and who it counts; none: undefined. */
function limited(c: Context<AppEnv>, charges: Charge[], decisions: RateLimitDecision[]) {
  const refused = decisions.findIndex((d) => !d.allowed);
  if (refused < 0) return undefined;
  const { policy, per, factor } = charges[refused]!;
  const retryAfter = decisions[refused]!.resetSeconds;
  c.get("logger").info("rate limited", { requestId: c.get("requestId"), policy: policy.name, per });
  return problemResponse(
    c,
    {
      status: 429,
      code: "rate_limited",
      detail: `At most ${policy.limit * factor} ${policy.name} requests per ${policy.windowSeconds} s for ${per}; retry in ${retryAfter} s.`,
    },
    { ...rateLimitHeaders(charges, decisions), "retry-after": String(retryAfter) },
  );
}

/**
 * The limits, each counting a request against its policies: per client id and per organisation
 * with a token, per source address (IPv6: per /64, see address.ts) without. Over a limit: 429
 * problem+json with Retry-After, before authorisation or the route runs. A request is counted
 * once, by the first limit mounted on its path: the API's, mounted on every path after the
 * others, counts what none of them did.
 *
 * The token endpoint's secret is checked first, and only a failure counts towards the token
 * policies (per address, and per client id and address), whose 429 then replaces the 401: a
 * right secret is always taken. Failures naming a client id also count, from every address
 * together, towards an alarm that records an audit event and never refuses anyone.
 */
export function rateLimits(
  limiter: RateLimiter,
  addressOf: (c: Context<AppEnv>) => string,
  policies: RateLimitPolicies,
) {
  const counted = new WeakSet<Context<AppEnv>>();
  const consume = (charges: Charge[]) =>
    Promise.all(charges.map((ch) => limiter.consume(ch.policy, ch.key, ch.factor)));

  /** Counts the request on `chargesOf`; `afterRoute` may count more once the route has answered. */
  const limit =
    (
      chargesOf: Charges,
      afterRoute?: (c: Context<AppEnv>, address: string) => Promise<Charge[]>,
    ): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      if (counted.has(c)) return next();
      counted.add(c);
      const address = addressOf(c);
      const charges = chargesOf(c, address);
      if (charges.length === 0) return next();
      const decisions = await consume(charges);
      const refusal = limited(c, charges, decisions);
      if (refusal) return refusal;
      await next();
      const more = (await afterRoute?.(c, address)) ?? [];
      if (more.length > 0) {
        charges.push(...more);
        decisions.push(...(await consume(more)));
        const late = limited(c, charges, decisions);
        if (late) {
          c.res = late;
          return;
        }
      }
      const headers = rateLimitHeaders(charges, decisions);
      // A route with a limit of its own (a seat's wrong codes) already named it: both are listed.
      editResponseHeaders(c, (res) => {
        for (const [name, value] of Object.entries(headers)) {
          const own = res.get(name);
          res.set(name, own ? `${own}, ${value}` : value);
        }
      });
    };

  const api: Charges = (c, address) =>
    isRead(c)
      ? byCaller(c, address, policies.read, policies.orgRead)
      : byCaller(c, address, policies.write, policies.orgWrite);
  const anonymous: Charges = (c, address) => [byAddress(isRead(c) ? policies.read : policies.write, address)];

  // One limit per kind of route, mounted by createApp (see there on which paths).
  return {
    /**
     * The API, and every path no other limit is mounted on: `read` (GET, HEAD) or `write`, per
     * client id and per organisation with a token, per address without.
     */
    api: limit(api),
    /**
     * What a store's phones read at the venue without a token (the pages, the change feeds their
     * screens follow): anonymous reads on `public`, per address; anything else as the API.
     */
    publicReads: limit((c, address) =>
      isRead(c) && c.get("actor").kind !== "client" ? [byAddress(policies.public, address)] : api(c, address),
    ),
    /** GraphQL: `graphql` per client id and `org-graphql` per organisation with a token, per address without. */
    graphql: limit((c, address) => byCaller(c, address, policies.graphql, policies.orgGraphql)),
    /**
     * The token endpoint: every request per address as an anonymous one (a POST on `write`: the
     * rate a guesser may still try); a failure, after the route checked the secret, is counted
     * too, against the client id the route says it named (the `tokenClientId` variable).
     */
    token: limit(anonymous, async (c, address) => {
      if (c.res.status !== 401) return [];
      // Per address whatever client id it names, and per (client id, address): failures stop
      // the address that fails, never the client's right secret.
      const charges = [byAddress(policies.tokenAddress, address)];
      const clientId = c.get("tokenClientId");
      if (clientId) {
        await raiseTokenAlarm(c, limiter, policies.tokenAlarm, clientId);
        const per = `client ${clientId} from address ${address}`;
        charges.push({ policy: policies.tokenClient, key: `client:${clientId}@${address}`, per, factor: 1 });
      }
      return charges;
    }),
    /**
     * Discord's interactions come from Discord's few addresses on behalf of every member of every
     * server: `discord` per address, wide enough for all of them, before the signature is read. Each
     * server's own budget (`discord-guild`) is spent by the route once the signature checks out.
     */
    discord: limit((_c, address) => [byAddress(policies.discord, address)]),
    /**
     * The staff console: its pages are reads like the API's; a form is relayed to the API as the
     * requests it makes, each counted there, so the form itself is not (that would halve a
     * device's budget).
     */
    console: limit((c, address) => (isRead(c) ? api(c, address) : [])),
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
