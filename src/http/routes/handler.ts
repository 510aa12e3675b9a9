import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { type Page, withPageLink } from "../pagination";

/** The handler of a route definition (`Handler<typeof r.getTable>`), on the app's context. */
export type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** A page of a list, answered 200 with its `Link: <…>; rel="next"` while there is a next page. */
export const jsonPage = <P extends Page<unknown>>(c: Context<AppEnv>, page: P) =>
  c.json(withPageLink(c, page), 200);

/** An info line of the request's log, led by the request's id. */
export const logInfo = (c: Context<AppEnv>, message: string, fields: Record<string, unknown>) =>
  c.get("logger").info(message, { requestId: c.get("requestId"), ...fields });
