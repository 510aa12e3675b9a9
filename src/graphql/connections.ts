import type { GraphQLResolveInfo, SelectionSetNode } from "graphql";
import { ServiceError } from "../services/errors";
import {
  DEFAULT_PAGE_LIMIT,
  decodeCursor,
  encodeCursor,
  MAX_PAGE_LIMIT,
  type Page,
  type PageRequest,
} from "../services/pagination";

/**
 * Relay-style page arguments, checked like REST's ?limit= and ?cursor= (same 422 code):
 * `first`/`after` page forward, `last`/`before` backward.
 */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

const invalid = (path: string, message: string) =>
  new ServiceError("invalid", "validation_failed", `${path}: ${message}`, { issues: [{ path, message }] });

const size = (name: string, value: number) => {
  if (value < 1 || value > MAX_PAGE_LIMIT) throw invalid(name, `must be between 1 and ${MAX_PAGE_LIMIT}`);
  return value;
};

const cursor = (name: string, value: string | null | undefined) => {
  if (value != null && decodeCursor(value) === null)
    throw invalid(name, "Not a cursor returned by this API.");
  return value ?? undefined;
};

/** Whether the query selects `field` on the value this resolver returns (fragments included). */
function selects(info: GraphQLResolveInfo, field: string): boolean {
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === "Field") return s.name.value === field;
      if (s.kind === "InlineFragment") return visit(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return visit(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}

/** The service's page request; `totalCount` is counted only when the query asks for it. */
export function pageRequest(args: PageArgs, info: GraphQLResolveInfo): PageRequest {
  // One direction per page: mixing them has no order a client could rely on.
  if (args.first != null && args.last != null)
    throw invalid("last", "page with first or with last, not both");
  if (args.after != null && args.before != null) throw invalid("before", "give after or before, not both");
  const backward = args.last != null || args.before != null;
  if (backward && args.first != null) throw invalid("first", "before pages backward: use last with it");
  if (!backward && args.after != null && args.last != null) throw invalid("last", "after pages forward");
  const withTotal = selects(info, "totalCount");
  if (backward) {
    const before = cursor("before", args.before);
    return {
      limit: size("last", args.last ?? DEFAULT_PAGE_LIMIT),
      backward: true,
      ...(before ? { before } : {}),
      withTotal,
    };
  }
  const after = cursor("after", args.after);
  return {
    limit: size("first", args.first ?? DEFAULT_PAGE_LIMIT),
    ...(after ? { cursor: after } : {}),
    withTotal,
  };
}

/** A service's page as a connection: each edge's cursor is the REST cursor after that item. */
export function connection<T extends { id: string }>(page: Page<T>, request: PageRequest) {
  const edges = page.data.map((node) => ({ cursor: encodeCursor(node.id), node }));
  const backward = request.backward === true;
  return {
    edges,
    nodes: page.data,
    totalCount: page.totalCount,
    pageInfo: {
      // Forward, items come before the page when it started after a cursor; backward, after it
      // when it ended before one.
      hasNextPage: backward ? request.before !== undefined : page.nextCursor !== null,
      hasPreviousPage: backward ? page.previousCursor != null : request.cursor !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
