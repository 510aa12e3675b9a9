import type { Context } from "hono";
import { fnv1a32 } from "../db/tree";
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
 * ETag of a table: `"<result version>.<disqualifications>"` (version 0 before any result),
 * followed by `.c<choices>` once players of a snake-seated table chose, `.w` once staff waived
 * their choices and `.t<hash>` while it plays timed turns. If-Match compares only the version part: a disqualification, a choice or a
 * timer changes what GET shows, but not the sheet a scorer is replacing.
 */
export function tableEtag(
  version: number | undefined,
  disqualifiedCount: number,
  view: { chosen?: number; waived?: boolean; timerSince?: string | null } = {},
): string {
  const chosen = view.chosen ? `.c${view.chosen}` : "";
  const waived = view.waived ? ".w" : "";
  const timer = view.timerSince ? `.t${fnv1a32(view.timerSince).toString(36)}` : "";
  return `"${version ?? 0}.${disqualifiedCount}${chosen}${waived}${timer}"`;
}
