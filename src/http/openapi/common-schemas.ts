import { z } from "@hono/zod-openapi";
import { hasVisibleCharacter, VISIBLE_TEXT_RULE } from "../../domain/text";

/**
 * Text people read (a name, a venue, a reason): trimmed, `min`–`max` characters, and at least one
 * of them visible, so a blank-looking name cannot stand for a player, a table or an event. The
 * text-hygiene middleware refuses such values in every JSON string first; this keeps the rule
 * where a schema is used without it (the table page's forms) and states it in the document.
 */
export function readableText(max: number, min = 1) {
  const text = z.string().trim().max(max);
  return (min > 0 ? text.min(min) : text).refine(hasVisibleCharacter, VISIBLE_TEXT_RULE);
}

/** A path parameter holding a prefixed id (`evt_…`); the example is a made-up id of that prefix. */
export function idParam(
  name: string,
  prefix: string,
  description: string,
  example = `${prefix}_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A`,
) {
  return z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name, in: "path" }, description, example });
}

/** A player's id in a request body (1–64 characters), with what the player is to the operation. */
export const playerIdInput = (description?: string) =>
  z.string().min(1).max(64).openapi({ description, example: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D" });

/** A change (PATCH body): any of `fields` but at least one, and nothing else. */
export const changeSchema = <S extends z.ZodRawShape>(fields: S) =>
  z
    .object(fields)
    .partial()
    .strict()
    .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to change." });

/** `{ data: [...], nextCursor: null }`: a list that always comes in one page, registered as `name`. */
export const onePageSchema = <T extends z.ZodType>(item: T, name: string, nextCursor: string) =>
  z.object({ data: z.array(item), nextCursor: z.null().openapi({ description: nextCursor }) }).openapi(name);

export const IsoDateSchema = z.iso.date().openapi({ example: "2026-12-12" });
export const TimestampSchema = z.string().openapi({ example: "2026-11-30T10:00:00.000Z" });

/**
 * A JSON request body (its schema a zod one, or JSON Schema written out); `example` shows a typical
 * one where the schema's own examples do not.
 */
export const jsonBody = <T extends z.ZodType | object>(
  schema: T,
  description?: string,
  example?: unknown,
) => ({
  required: true,
  description,
  content: { "application/json": { schema, example } },
});

/** A JSON request body the client may leave out (the operation has defaults for all of it). */
export const optionalJsonBody = <T extends z.ZodType>(
  schema: T,
  description?: string,
  example?: unknown,
) => ({
  ...jsonBody(schema, description, example),
  required: false,
});

/** A JSON response, with the headers it documents beyond the conventions' (ETag, Link). */
export const jsonContent = <T extends z.ZodType, H extends object = never>(
  schema: T,
  description: string,
  headers?: H,
) => ({
  description,
  headers,
  content: { "application/json": { schema } },
});

/** A string header, with an example where one helps: `Location`, `Cache-Control: no-store`. */
export const stringHeader = (example?: string) => ({
  schema: { type: "string" as const, example },
});

/** `Cache-Control: no-store`, on answers that carry a secret or a session. */
export const NO_STORE_HEADER = { "Cache-Control": stringHeader("no-store") };

/**
 * `ETag` and `Cache-Control: no-cache` of a read computed on the fly (rankings, ratings, a history,
 * a CSV): what the tag names, an example of it, and when the answer is private.
 */
export const revalidateHeaders = (etag: string, example: string, cacheControl: string) => ({
  ETag: { description: etag, schema: { type: "string" as const, example } },
  "Cache-Control": { description: cacheControl, schema: { type: "string" as const, example: "no-cache" } },
});

/**
 * `security` of every route that needs a token: a bearer JWT, obtained with the OAuth2
 * client-credentials flow (both schemes name the same token; tools that support OAuth2 can
 * fetch it themselves).
 */
export const BEARER: Record<string, string[]>[] = [{ bearerAuth: [] }, { oauth2: [] }];
/** A protected route naming the OAuth2 scope a narrowed token needs for it. */
export const scopedBearer = (...scopes: string[]): Record<string, string[]>[] => [
  { bearerAuth: [] },
  { oauth2: scopes },
];
/** Public reads: a token is optional (needed for private events). */
export const OPTIONAL_BEARER: Record<string, string[]>[] = [{}, ...BEARER];

export const IdempotencyKeyHeader = z.object({
  "idempotency-key": z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "Replays return the first response; the same key with another body is a 422." }),
});

export const IfMatchHeader = z.object({
  "if-match": z.string().optional().openapi({
    description: "The table's ETag (or its result version): 412 when the result has changed since.",
    example: '"1.0"',
  }),
});

/** `If-Match` on a write that takes it; the description names whose ETag it is. */
export const ifMatchHeader = (description: string) =>
  z.object({
    "if-match": z
      .string()
      .max(200)
      .optional()
      .openapi({ description, example: '"4f1c2a9e0b7d3c5e6a8f9012"' }),
  });

export const NOT_MODIFIED = { description: "Not modified: `If-None-Match` names the current `ETag`." };

/** IANA names the runtime knows (Intl throws a RangeError for anything else). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, as events and organisations state theirs. */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: "not an IANA time zone (e.g. Europe/Vilnius)" });
