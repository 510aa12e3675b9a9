/**
 * The introduction of the OpenAPI document (`info.description`), which /docs renders above the
 * operations: what a client author needs before the first call. The numbers come from the code
 * that enforces them, so the text cannot drift from the behaviour.
 */
import { ACCESS_TOKEN_TTL_SECONDS } from "../../services/auth";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from "../../services/pagination";
import { IDEMPOTENCY_TTL_MS } from "../middleware/idempotency";
import { RATE_LIMIT_POLICIES } from "../rate-limit";
import { RACE_LOST_CODES } from "./problem-codes";

const perMinute = (name: keyof typeof RATE_LIMIT_POLICIES) =>
  `${RATE_LIMIT_POLICIES[name].limit} per ${RATE_LIMIT_POLICIES[name].windowSeconds} s`;

export const INTRODUCTION = `Runs official 2026 CATAN championship tournaments: events, prelim sessions on several dates and
venues, seating, result sheets and their confirmation, and rankings computed from the final sheets on
every read (VP per seat, the 10-VP cap, the fictitious 4th score at 3-player tables, exact VP%, 2nd and
3rd places, reproducible lots, best-single-session qualification, semifinals and final).

## Authentication

OAuth 2.0 client credentials. An organisation's owner creates API clients (\`POST /v1/orgs/{orgId}/clients\`,
each with one role: owner, organizer, referee, reporter or reader); a client trades its id and secret for
a bearer token at \`POST /v1/auth/token\` (\`grant_type=client_credentials\`, the credentials as HTTP Basic or
in the form or JSON body). Tokens last ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes; ask again, there are no refresh tokens. \`scope\`
asks for fewer rights than the role's. Send \`Authorization: Bearer <token>\`. Reads of public events need
no token. OAuth libraries can configure themselves from \`/.well-known/oauth-authorization-server\` (RFC 8414).

## Rate limits

Per client id with a token, per address without: reads (GET, HEAD) ${perMinute("read")}, writes ${perMinute("write")},
GraphQL ${perMinute("graphql")}, failed token requests ${perMinute("tokenClient")} per client id and address (a right secret is always taken). Every answer carries
\`RateLimit-Policy\` and \`RateLimit\` (IETF draft headers); over the limit, \`429\` with \`Retry-After\` in seconds.
A bot polling every 5 seconds stays far below.

## Pagination

Lists take \`limit\` (1–${MAX_PAGE_LIMIT}, default ${DEFAULT_PAGE_LIMIT}) and \`cursor\`, and answer \`{data, nextCursor}\`;
\`Link: <…>; rel="next"\` names the next page too. \`nextCursor\` is null on the last page.

## Conditional requests

Every JSON read has an \`ETag\`. Send it back as \`If-None-Match\`: while nothing changed the answer is
\`304 Not Modified\`, with no body, for the price of one indexed read, so poll the rankings that way. \`HEAD\` answers the same \`ETag\` and
\`Cache-Control\` as \`GET\`, without the body. Writes
to a result take the table's \`ETag\` as \`If-Match\`: \`412\` when someone changed it since you read it.

## CSV

The rankings, a session's seating and roster, series standings and rating tables are also CSV, each
its own operation: the JSON read's path with \`.csv\` (\`GET /v1/events/{eventId}/qualification.csv\`),
\`?lang=fr\` or \`lt\` for French or Lithuanian spreadsheets, with an \`ETag\` and a file name. \`?format=csv\` and
\`Accept: text/csv\` on the JSON reads are deprecated (they answer with \`Deprecation\` and \`Sunset\`
headers until removed); \`?format=\` on a read that has no such representation is a \`406\`, never JSON.

## Idempotency

Every \`POST\` and \`PUT\` takes an \`Idempotency-Key\` (any unique string per intended change). A retry with
the same key replays the first answer for ${IDEMPOTENCY_TTL_MS / 3_600_000} hours (\`Idempotent-Replayed: true\`); the same key with
another body is a \`422\`; while the first request still runs, a \`409\`. A \`5xx\`, a \`412\`, or a \`409\` for a race lost
(${[...RACE_LOST_CODES].map((code) => `\`${code}\``).join(", ")}: nothing was written), is not
stored: the retry with the same key runs again.

## Webhooks

Subscriptions (\`/v1/orgs/{orgId}/webhooks\`) push every result, ranking change and seating as it happens,
at least once and in order; a Discord webhook URL gets Discord messages. Other URLs get JSON signed per
Standard Webhooks: verify \`webhook-signature\` (HMAC-SHA256 of \`<webhook-id>.<webhook-timestamp>.<body>\`
with the \`whsec_…\` secret shown at creation) on the raw body before trusting it, refuse old timestamps,
and de-duplicate on \`webhook-id\`; the \`standardwebhooks\` libraries do all three. Payloads are in the
\`webhooks\` section below. To pull instead: the server-sent change feeds \`/v1/events/{id}/changes\` and
\`/v1/orgs/{orgId}/changes\`.

## Errors

Every error is \`application/problem+json\` (RFC 9457) with a stable \`code\`; each operation lists the
codes it answers, and the problem's \`type\` (\`/problems/{code}\`) says what to do.

## Guides

In the repository's \`docs/\` folder: \`guides/bots-and-frontends.md\` (tokens, rankings, polling, feeds,
GraphQL, typed clients, pagination), \`guides/webhooks-and-discord.md\`, \`guides/running-a-tournament.md\`,
\`guides/store-chain.md\`, \`guides/federations.md\`, and the reference: \`reference/authentication.md\`,
\`reference/limits.md\`, \`reference/errors.md\`, \`versioning.md\`.`;
