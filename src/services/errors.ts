/** One typed error for every use-case failure; the HTTP layer maps `kind` to a status in one place. */
export type ServiceErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "moved"
  | "conflict"
  | "gone"
  | "precondition_failed"
  | "invalid"
  | "too_large"
  | "rate_limited"
  | "unsupported_media_type"
  /** A service this server depends on (Discord's API) failed or could not be reached. */
  | "bad_gateway";

export interface FieldIssue {
  path: string;
  message: string;
}

export class ServiceError extends Error {
  override readonly name = "ServiceError";
  constructor(
    readonly kind: ServiceErrorKind,
    /** Stable machine string, e.g. `result_already_final`. */
    readonly code: string,
    message: string,
    readonly details: { rule?: string; issues?: FieldIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string, id: string) =>
  new ServiceError(
    "not_found",
    `${what}_not_found`,
    `No ${what.replace(/_/g, " ")} with id '${id}' is visible to you.`,
  );

/**
 * A write naming a player who was merged into their other id (or withdrawn) while it ran: it
 * changed nothing, and says so rather than answer as if it had. A race lost: sent again with the
 * id that stands, it runs.
 */
export const playerGone = () =>
  new ServiceError(
    "conflict",
    "concurrent_update",
    "A player this request names was merged into another id or withdrawn while it ran, so nothing changed; read again and send it again with the id that stands.",
  );
