import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import * as roundsService from "../../../services/rounds";
import { type AppEnv, serviceContext } from "../../context";
import { notModified, weakEtag } from "../../middleware/etag";
import type { createRounds, deleteRound, getRound, listSessionRounds } from "./rounds.routes";

/**
 * A weak ETag over the body itself: seating and result statuses have no single version
 * column, and the body is small, so hashing it is the cheapest exact tag.
 */
export async function conditional(
  c: Context<AppEnv>,
  read: roundsService.Visible<unknown>,
): Promise<boolean> {
  const bytes = new TextEncoder().encode(JSON.stringify(read.value));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return notModified(c, weakEtag(hex), { private: read.visibility === "private" });
}

export const createRoundsHandler: RouteHandler<typeof createRounds, AppEnv> = async (c) =>
  c.json(
    await roundsService.createRounds(serviceContext(c), c.req.valid("param").sessionId, c.req.valid("json")),
    201,
  );

export const listSessionRoundsHandler: RouteHandler<typeof listSessionRounds, AppEnv> = async (c) => {
  const read = await roundsService.listSessionRounds(serviceContext(c), c.req.valid("param").sessionId);
  if (await conditional(c, read)) return c.body(null, 304);
  return c.json(read.value, 200);
};

export const getRoundHandler: RouteHandler<typeof getRound, AppEnv> = async (c) => {
  const read = await roundsService.getRound(serviceContext(c), c.req.valid("param").roundId);
  if (await conditional(c, read)) return c.body(null, 304);
  return c.json(read.value, 200);
};

export const deleteRoundHandler: RouteHandler<typeof deleteRound, AppEnv> = async (c) => {
  await roundsService.deleteRound(serviceContext(c), c.req.valid("param").roundId);
  return c.body(null, 204);
};
