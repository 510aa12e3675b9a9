import { ServiceError } from "../services/errors";
import {
  decodeCursor,
  encodeCursor,
  MAX_PAGE_LIMIT,
  type Page,
  type PageRequest,
} from "../services/pagination";

/** Relay-style page arguments, checked like REST's ?limit= and ?cursor= (same 422 code). */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

const invalid = (path: string, message: string) =>
  new ServiceError("invalid", "validation_failed", `${path}: ${message}`, { issues: [{ path, message }] });

export function pageRequest(args: PageArgs): PageRequest {
  const limit = args.first ?? 50;
  if (limit < 1 || limit > MAX_PAGE_LIMIT) throw invalid("first", `must be between 1 and ${MAX_PAGE_LIMIT}`);
  if (args.after != null && decodeCursor(args.after) === null)
    throw invalid("after", "Not a cursor returned by this API.");
  return { limit, cursor: args.after ?? undefined };
}

/** A REST page as a connection: each edge's cursor is the REST cursor after that item. */
export function connection<T extends { id: string }>(page: Page<T>) {
  const edges = page.data.map((node) => ({ cursor: encodeCursor(node.id), node }));
  return {
    edges,
    nodes: page.data,
    pageInfo: { hasNextPage: page.nextCursor !== null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}
