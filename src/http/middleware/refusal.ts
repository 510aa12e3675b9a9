/**
 * A request whose token or device cookie does not sign in is answered 401 only after the rate
 * limits counted it as an anonymous one.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

/**
 * Goes on as an anonymous request that `refusal` answers once it is counted: a caller sending
 * made-up tokens or cookies (each cookie a database read) spends its address's budget, and
 * past it gets 429s that read nothing.
 */
export function refuse(c: Context<AppEnv>, next: () => Promise<void>, refusal: () => Response) {
  c.set("refusal", refusal);
  return next();
}

/** Mounted after the rate limits: the refusal `authenticate` decided, before any route runs. */
export const answerRefusal: MiddlewareHandler<AppEnv> = async (c, next) => {
  const refusal = c.get("refusal");
  return refusal ? refusal() : next();
};
