import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { DEFAULT_PAGE_LIMIT, decodeCursor, MAX_PAGE_LIMIT, type Page } from "../services/pagination";
import type { AppEnv } from "./context";
import { publicOrigin } from "./origin";

/**
 * `?limit=` (default 50, 1–500; over 500 → 422) and `?cursor=` (opaque, from `nextCursor`;
 * a cursor that is not ours → 422). Extend it for filters: `PaginationQuerySchema.extend({ q: … })`.
 */
export const PaginationQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .default(DEFAULT_PAGE_LIMIT)
    .openapi({
      param: { name: "limit", in: "query" },
      description: `Page size, 1–${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT}).`,
      example: DEFAULT_PAGE_LIMIT,
    }),
  cursor: z
    .string()
    .refine((value) => decodeCursor(value) !== null, { message: "Not a cursor returned by this API." })
    .optional()
    .openapi({
      param: { name: "cursor", in: "query" },
      description: "`nextCursor` of the previous page; omit for the first page.",
      example: "djE6cGx5XzAxSkJDREVGR0gxMjM0NTY3ODlBQkNERUY",
    }),
});

/** `{ data: [...], nextCursor }` around an item schema; registered as `<Name>Page`. */
export function pageSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().openapi({
        description: "Pass as `?cursor=` for the next page; null on the last page.",
        example: null,
      }),
    })
    .openapi(`${name}Page`);
}

/**
 * RFC 8288 `Link: <…>; rel="next"` beside `nextCursor`, so generic HTTP clients walk pages
 * without knowing the body: the same URL with `cursor` set, on PUBLIC_URL when configured.
 */
export function withPageLink<P extends Page<unknown>>(c: Context<AppEnv>, page: P): P {
  if (page.nextCursor) {
    const url = new URL(c.req.url);
    url.searchParams.set("cursor", page.nextCursor);
    c.header("Link", `<${publicOrigin(c)}${url.pathname}${url.search}>; rel="next"`, { append: true });
  }
  return page;
}
