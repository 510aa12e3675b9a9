import type { Context } from "hono";
import { sha256 } from "hono/utils/crypto";
import { ServiceError } from "../services/errors";

/**
 * The version named by `If-Match` (`"3"`, `W/"3"` or `3`), or undefined without the header.
 * `*` means "any current result", which the services treat as no precondition.
 */
export function ifMatchVersion(c: Context): number | undefined {
  const header = c.req.header("if-match")?.trim();
  if (!header || header === "*") return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})(?:\.\d{1,3})?(?:\.[0-9a-z]{1,16}){0,3}"?$/.exec(header);
  if (!match) {
    throw new ServiceError(
      "bad_request",
      "invalid_if_match",
      'If-Match must be a result version as sent in the ETag header, e.g. "3".',
      {
        issues: [{ path: "If-Match", message: "not a version" }],
      },
    );
  }
  return Number(match[1]);
}

/**
 * ETag of a table: `"<result version>.<hash>"` (version 0 before any result). If-Match compares
 * only the version, the sheet a scorer replaces; the hash (SHA-256 of the body, 64 bits) changes
 * with anything else GET shows (a disqualification here or elsewhere, a re-seat after a drop, a
 * choice, a waiver, a timer), so a poll never keeps a stale table.
 */
export async function tableEtag(version: number | undefined, body: string): Promise<string> {
  return `"${version ?? 0}.${(await sha256(body))!.slice(0, 16)}"`;
}
