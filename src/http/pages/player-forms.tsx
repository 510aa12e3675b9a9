/**
 * The table page's forms: a player confirms or disputes the pending sheet with the
 * seat code on their own slip, from the QR code, without a token or an app. The same
 * services as `POST /v1/tables/{id}/result/confirmations` and `…/disputes` with `code`, so the
 * same rules: wrong codes audited and rate-limited per seat.
 */
import type { Context } from "hono";
import { ServiceError } from "../../services/errors";
import { confirmWithCode, disputeResult } from "../../services/tables";
import { type AppEnv, serviceContext } from "../context";
import { cleanText } from "../middleware/text-hygiene";
import { STATUS_OF } from "../problem";
import { ConfirmResultSchema, DisputeResultSchema } from "../routes/tables/tables.schemas";
import type { PageContext } from "./page-context";

type RefusalStatus = 403 | 409 | 412 | 422 | 429;
export interface Refusal {
  status: RefusalStatus;
  notice: string;
  headers?: Record<string, string> | undefined;
}

const field = (value: unknown): string => (typeof value === "string" ? value : "");

function refused(status: RefusalStatus, notice: string): Refusal {
  return { status, notice };
}

/**
 * Runs the form's action; `undefined` when it was recorded, the refusal (status and a notice
 * in the reader's language where one is written) otherwise. An unknown table throws (a 404 page).
 */
export async function playerFormAction(
  c: Context<AppEnv>,
  p: PageContext,
  action: "confirm" | "dispute",
): Promise<Refusal | undefined> {
  const tableId = c.req.param("tableId")!;
  const form = await c.req.parseBody();
  const playerId = field(form.playerId);
  const code = field(form.code);
  if (!code.trim()) return refused(422, p.t.wrongCode);
  const reason = cleanText(field(form.reason));
  if ("refused" in reason) return refused(422, `${p.t.reason}${p.t.colon} ${reason.refused}`);
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
    if (action === "confirm") await confirmWithCode(ctx, tableId, { playerId, code });
    else await disputeResult(ctx, tableId, { playerId, code, reason: reason.text });
    return undefined;
  } catch (error) {
    if (!(error instanceof ServiceError) || error.kind === "not_found") throw error;
    const status = STATUS_OF[error.kind] as RefusalStatus;
    const notice =
      error.code === "wrong_seat_code"
        ? p.t.wrongCode
        : error.kind === "rate_limited"
          ? p.t.tooManyCodes
          : error.message;
    return {
      status: [403, 409, 412, 422, 429].includes(status) ? status : 422,
      notice,
      headers: error.details.headers,
    };
  }
}
