/**
 * The table page's forms: a player confirms or disputes the pending sheet with the
 * seat code on their own slip, from the QR code, without a token or an app. The same
 * services as `POST /v1/tables/{id}/result/confirmations` and `…/disputes` with `code`, so the
 * same rules: wrong codes audited and rate-limited per seat.
 */
import type { Context } from "hono";
import { cleanText } from "../../domain/text";
import { ServiceError } from "../../services/errors";
import { confirmResult, disputeResult } from "../../services/tables";
import { type AppEnv, serviceContext } from "../context";
import { STATUS_OF } from "../problem";
import { ConfirmResultSchema, DisputeResultSchema } from "../routes/tables/tables.schemas";
import type { PageContext } from "./page-context";

type RefusalStatus = 403 | 409 | 412 | 422 | 429;

/** What the player submitted, shown again in the form after a refusal so nothing is typed twice. */
export interface TypedForm {
  action: "confirm" | "dispute";
  playerId: string;
  code: string;
  reason: string;
  /** The code was the reason: the field is marked invalid. */
  wrongCode: boolean;
}

export interface Refusal {
  status: RefusalStatus;
  notice: string;
  typed: TypedForm;
  headers?: Record<string, string> | undefined;
}

const field = (value: unknown): string => (typeof value === "string" ? value : "");

/** The player whose confirmation or dispute was recorded, or why it was refused. */
type FormOutcome = { recorded: string } | { refused: Refusal };

/**
 * Runs the form's action: the player when it was recorded, the refusal (status, a notice in
 * the reader's language where one is written, and what was typed) otherwise. An unknown table
 * throws (a 404 page).
 */
export async function playerFormAction(
  c: Context<AppEnv>,
  p: PageContext,
  action: "confirm" | "dispute",
): Promise<FormOutcome> {
  const tableId = c.req.param("tableId")!;
  const form = await c.req.parseBody();
  const playerId = field(form.playerId);
  const code = field(form.code);
  const typed: TypedForm = { action, playerId, code, reason: field(form.reason), wrongCode: false };
  const refused = (
    status: RefusalStatus,
    notice: string,
    wrongCode = false,
    headers?: Record<string, string>,
  ) => ({
    refused: { status, notice, typed: { ...typed, wrongCode }, headers },
  });
  if (!code.trim()) return refused(422, p.t.wrongCode, true);
  const reason = cleanText(typed.reason);
  if ("refused" in reason) return refused(422, p.labelled(p.t.reason, reason.refused));
  const input =
    action === "confirm"
      ? ConfirmResultSchema.safeParse({ playerId, code })
      : DisputeResultSchema.safeParse({ playerId, code, reason: reason.text });
  if (!input.success) {
    const issue = input.error.issues[0];
    return refused(422, issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid form");
  }
  const ctx = serviceContext(c);
  try {
    if (action === "confirm") await confirmResult(ctx, tableId, { playerId, code });
    else await disputeResult(ctx, tableId, { playerId, code, reason: reason.text });
    return { recorded: playerId };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.kind === "not_found") throw error;
    const status = STATUS_OF[error.kind] as RefusalStatus;
    const headers = error.details.headers;
    // The seat's wrong codes still allowed from here, as the service's RateLimit header states them.
    const left = /;\s*r=(\d+)/.exec(headers?.ratelimit ?? "")?.[1];
    const notice =
      error.code === "wrong_seat_code"
        ? [p.t.wrongCode, left === undefined ? "" : p.t.triesLeft(Number(left))].filter(Boolean).join(" ")
        : error.kind === "rate_limited"
          ? p.t.tooManyCodes(Math.max(1, Math.ceil(Number(headers?.["retry-after"] ?? 60) / 60)))
          : error.message;
    return refused(
      [403, 409, 412, 422, 429].includes(status) ? status : 422,
      notice,
      error.code === "wrong_seat_code" || error.kind === "rate_limited",
      headers,
    );
  }
}
