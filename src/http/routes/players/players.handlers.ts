import type { RouteHandler } from "@hono/zod-openapi";
import * as players from "../../../services/players";
import { type AppEnv, serviceContext } from "../../context";
import { notModified, weakEtag } from "../../middleware/etag";
import { jsonPage } from "../respond";
import type * as r from "./players.routes";

export const createPlayerHandler: RouteHandler<typeof r.createPlayer, AppEnv> = async (c) => {
  const { orgId } = c.req.valid("param");
  const player = await players.createPlayer(serviceContext(c), orgId, c.req.valid("json"));
  return c.json(player, 201, { location: `/v1/players/${player.id}` });
};

export const listPlayersHandler: RouteHandler<typeof r.listPlayers, AppEnv> = async (c) => {
  const { include, ...query } = c.req.valid("query");
  return jsonPage(
    c,
    await players.listPlayers(serviceContext(c), c.req.valid("param").orgId, {
      ...query,
      includeDescendants: include === "descendants",
    }),
  );
};

export const getPlayerHandler: RouteHandler<typeof r.getPlayer, AppEnv> = async (c) => {
  const player = await players.getPlayer(serviceContext(c), c.req.valid("param").playerId);
  // The same strong tag PATCH takes in If-Match (conditionalGet answers If-None-Match with it).
  return c.json(player, 200, { etag: await players.playerEtag(player) });
};

export const updatePlayerHandler: RouteHandler<typeof r.updatePlayer, AppEnv> = async (c) => {
  const player = await players.updatePlayer(
    serviceContext(c),
    c.req.valid("param").playerId,
    c.req.valid("json"),
    c.req.valid("header")["if-match"],
  );
  return c.json(player, 200, { etag: await players.playerEtag(player) });
};

export const getPlayerHistoryHandler: RouteHandler<typeof r.getPlayerHistory, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await players.loadPlayerHistoryScope(ctx, c.req.valid("param").playerId);
  if (notModified(c, weakEtag(scope.etag), { private: scope.private || scope.member }))
    return c.body(null, 304);
  return c.json(await players.playerHistory(ctx, scope), 200);
};

export const mergePlayerHandler: RouteHandler<typeof r.mergePlayer, AppEnv> = async (c) =>
  c.json(
    await players.mergePlayers(
      serviceContext(c),
      c.req.valid("param").playerId,
      c.req.valid("json").intoPlayerId,
    ),
    200,
  );
