/**
 * Every environment variable the server, the Worker and the CLI read, in one schema: its type,
 * its default, which runtime reads it, and the line the configuration reference shows
 * (docs/reference/configuration.md is written from this file: `npm run docs:config`). To add a
 * setting, add it here; `readConfig` hands it to both entry points typed.
 */
import { RouteBases } from "discord-api-types/v10";
import { z } from "zod";
import { rateLimitSettings } from "../http/rate-limit";
import { DEFAULT_RESPONSE_CACHE_BYTES } from "../http/response-cache";
import { DEFAULT_DISK_RESERVE_BYTES } from "../http/routes/health/health.handlers";
import { DEFAULT_DRAIN_SUBREQUESTS } from "../runtime/workers/dispatcher";
import { DEFAULT_LIVE_REFRESH_MS, DEFAULT_STREAM_LIMITS } from "../services/live";
import { WEBHOOK_LIMITS } from "../services/webhooks";

/** Who reads a variable: the Node server, the Worker, both, or only the CLI. */
export type Runtime = "node" | "workers" | "both" | "cli";

interface Setting<T> {
  runtime: Runtime;
  doc: string;
  /** Parses the variable's text (an unset or empty variable is not parsed). */
  schema: z.ZodType<T, string>;
  /** The value when unset; without one, unset means off or absent. */
  default?: T;
  /** How the reference shows the default, when not the value itself. */
  shown?: string;
  /** Never printed, not even in an error. */
  secret?: true;
}

const setting = <T, S extends Setting<T>>(s: S & Setting<T>) => s;

const text = z.string();

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .refine((n) => n >= min && n <= max, {
      message: max === Number.MAX_SAFE_INTEGER ? `must be at least ${min}` : `must be from ${min} to ${max}`,
    });

const positiveNumber = z
  .string()
  .transform(Number)
  .refine((n) => Number.isFinite(n) && n > 0, { message: "must be a number above 0" });

/** A size that may be 0 (DISK_RESERVE_MB=0: no reserve). */
const sizeOrZero = z
  .string()
  .transform(Number)
  .refine((n) => Number.isFinite(n) && n >= 0, { message: "must be a number, 0 or more" });

const flag = z
  .string()
  .toLowerCase()
  .refine((v) => ["1", "true", "0", "false"].includes(v), { message: "must be 1, true, 0 or false" })
  .transform((v) => v === "1" || v === "true");

const httpUrlAsWritten = z
  .string()
  .refine((v) => URL.canParse(v) && ["http:", "https:"].includes(new URL(v).protocol), {
    message: "must be an http(s) URL",
  });

/** A base URL that paths are appended to: its trailing slashes go. */
const httpUrl = httpUrlAsWritten.transform((v) => v.replace(/\/+$/, ""));

const millisecondsList = z
  .string()
  .transform((v) => v.split(",").map((ms) => Number(ms.trim())))
  .refine((list) => list.every((ms) => Number.isInteger(ms) && ms >= 0), {
    message: "must be comma-separated milliseconds, e.g. 100,100,100",
  });

/** A malformed RATE_LIMITS value is refused in the parser's own words. */
const rateLimits = z.string().transform((value, ctx) => {
  try {
    return rateLimitSettings(value);
  } catch (error) {
    ctx.addIssue((error as Error).message);
    return z.NEVER;
  }
});

export const SETTINGS = {
  PORT: setting({
    runtime: "node",
    default: 8787,
    doc: "HTTP port of the Node server",
    schema: wholeNumber(0, 65535),
  }),
  HOST: setting({
    runtime: "node",
    shown: "every interface",
    doc: "address the Node server listens on (`127.0.0.1` keeps it local)",
    schema: text,
  }),
  DATABASE_URL: setting({
    runtime: "both",
    shown: "Node: `file:./data/catan.db`; Workers: required",
    doc: "libSQL URL: `file:…` (embedded; folder created), `:memory:`, or `libsql://…` (Turso; the only kind on Workers)",
    schema: text,
  }),
  DATABASE_AUTH_TOKEN: setting({
    runtime: "both",
    doc: "Turso auth token, for `libsql://` URLs (on Workers a secret: `wrangler secret put`)",
    schema: text,
    secret: true,
  }),
  DATABASE_SYNC_URL: setting({
    runtime: "node",
    doc: "keep `DATABASE_URL=file:…` as an embedded replica of this primary (Turso `libsql://…`)",
    schema: text,
  }),
  DATABASE_SYNC_INTERVAL: setting({
    runtime: "node",
    default: 5,
    doc: "seconds between the replica's background pulls: how late others' writes show here",
    schema: positiveNumber,
  }),
  PUBLIC_URL: setting({
    runtime: "both",
    shown: "the request's origin",
    doc: "public base URL (`https://catan.example.org`) of page links and QR codes, pagination and calendar links, the OAuth issuer, problem types, the OpenAPI server and Discord links; unset, each request's own origin (and Discord messages carry no links)",
    schema: httpUrl,
  }),
  JWT_SECRET: setting({
    runtime: "both",
    shown: "Node with a `file:` database: generated into `data/jwt-secret`; else required",
    doc: "HS256 key of the access tokens (and, under a label, of the console's device cookies), at least 32 bytes; **required** with a remote database and on Workers",
    schema: z
      .string()
      .refine((v) => new TextEncoder().encode(v).byteLength >= 32, { message: "is shorter than 32 bytes" }),
    secret: true,
  }),
  JWKS_URL: setting({
    runtime: "both",
    doc: "an external identity provider whose tokens are accepted too (with `JWT_ISSUER` and `JWT_AUDIENCE`)",
    // The key set's own URL, fetched as it is: a trailing slash may be part of it.
    schema: httpUrlAsWritten,
  }),
  JWT_ISSUER: setting({
    runtime: "both",
    doc: "the external provider's issuer (with `JWKS_URL`)",
    schema: text,
  }),
  JWT_AUDIENCE: setting({
    runtime: "both",
    doc: "the external provider's audience (with `JWKS_URL`)",
    schema: text,
  }),
  TRUST_PROXY: setting({
    runtime: "node",
    default: false,
    doc: "behind a reverse proxy: `1` trusts the last entry the proxy added: `X-Forwarded-For` for anonymous rate limits, `X-Forwarded-Proto` and `X-Forwarded-Host` for the origin of links when `PUBLIC_URL` is unset",
    schema: flag,
  }),
  RATE_LIMITS: setting({
    runtime: "both",
    default: rateLimitSettings(undefined),
    shown: "the [limits](limits.md#rate-limits) table",
    doc: "`off` (none: a private network, a benchmark), or changed policies: `public=6000/60,read=1200/60` (on Workers, windows of 10 or 60 s, in step with the bindings)",
    schema: rateLimits,
  }),
  RESPONSE_CACHE_MB: setting({
    runtime: "both",
    default: DEFAULT_RESPONSE_CACHE_BYTES / 2 ** 20,
    doc: "byte budget of the in-memory response cache (ranking, series and ratings bodies), per process or isolate",
    schema: positiveNumber,
  }),
  DISK_RESERVE_MB: setting({
    runtime: "node",
    default: DEFAULT_DISK_RESERVE_BYTES / 2 ** 20,
    doc: "with a `file:` database: `/health` answers 503 `full` when its file system has less free space",
    schema: sizeOrZero,
  }),
  WEBHOOKS_ALLOW_LOOPBACK: setting({
    runtime: "both",
    default: false,
    doc: "**development only**: webhook URLs on loopback (http, any port) are accepted",
    schema: flag,
  }),
  WEBHOOK_RETRY_DELAYS_MS: setting({
    runtime: "both",
    shown: "10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 15 h (±20 %)",
    doc: "waits between delivery attempts (their count + 1 = attempts)",
    schema: millisecondsList,
  }),
  WEBHOOK_TIMEOUT_MS: setting({
    runtime: "both",
    default: WEBHOOK_LIMITS.timeoutMs,
    doc: "time per delivery attempt",
    schema: wholeNumber(1),
  }),
  WEBHOOK_DISABLE_AFTER_FAILURES: setting({
    runtime: "both",
    default: WEBHOOK_LIMITS.disableAfterFailures,
    doc: "consecutive failed attempts before a subscription is disabled",
    schema: wholeNumber(1),
  }),
  WEBHOOK_DRAIN_SUBREQUESTS: setting({
    runtime: "workers",
    default: DEFAULT_DRAIN_SUBREQUESTS,
    doc: "subrequests one webhook drain may spend (the Free plan allows 50 per invocation, the Paid plan more); the rest goes on through the `WEBHOOK_DRAINS` queue",
    schema: wholeNumber(10),
  }),
  LIVE_REFRESH_MS: setting({
    runtime: "both",
    default: DEFAULT_LIVE_REFRESH_MS,
    doc: "how often a watched feed reads the database on its own: the safety net for a change written elsewhere (another process, a lost notice)",
    schema: wholeNumber(10),
  }),
  LIVE_STREAMS_PER_ADDRESS: setting({
    runtime: "both",
    default: DEFAULT_STREAM_LIMITS.perAddress,
    doc: "live streams open at once per address (IPv4) or /64 (IPv6)",
    schema: wholeNumber(1),
  }),
  LIVE_STREAMS_PER_CLIENT: setting({
    runtime: "both",
    default: DEFAULT_STREAM_LIMITS.perClient,
    doc: "live streams open at once per client id",
    schema: wholeNumber(1),
  }),
  DISCORD_APPLICATION_ID: setting({
    runtime: "both",
    doc: "the deployment's Discord application (the developer portal's Application ID), with `DISCORD_PUBLIC_KEY`: [the Discord app](../guides/discord-app.md)",
    schema: z.string().regex(/^\d{15,21}$/, "must be the portal's Application ID: 15 to 21 digits"),
  }),
  DISCORD_PUBLIC_KEY: setting({
    runtime: "both",
    doc: "the application's Public Key (64 hexadecimal digits), which every interaction's signature is checked with",
    schema: z
      .string()
      .toLowerCase()
      .regex(/^[0-9a-f]{64}$/, "must be the portal's Public Key: 64 hexadecimal digits"),
  }),
  DISCORD_API_BASE: setting({
    runtime: "both",
    default: RouteBases.api,
    doc: "Discord's API (tests point it at a fake Discord)",
    schema: httpUrl,
  }),
  DISCORD_BOT_TOKEN: setting({
    runtime: "cli",
    doc: "the Discord application's bot token, read only by `discord register-commands` (never stored)",
    schema: text,
    secret: true,
  }),
} as const;

export type SettingName = keyof typeof SETTINGS;

/** The settings, parsed, defaults applied: one without a default is undefined when unset. */
export type Config = {
  [K in SettingName]: (typeof SETTINGS)[K] extends { default: infer D }
    ? D
    : z.output<(typeof SETTINGS)[K]["schema"]> | undefined;
};
