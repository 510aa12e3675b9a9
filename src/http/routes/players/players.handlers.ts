import * as players from "../../../services/players";
import { serviceContext } from "../../context";
import { notModified, weakEtag } from "../../middleware/etag";
import { type Handler, jsonPage } from "../handler";
import type * as r from "./players.routes";

export const createPlayerHandler: Handler<typeof r.createPlayer> = async (c) => {
  const { orgId } = c.req.valid("param");
  const player = await players.createPlayer(serviceContext(c), orgId, c.req.valid("json"));
  return c.json(player, 201, { location: `/v1/players/${player.id}` });
};

export const listPlayersHandler: Handler<typeof r.listPlayers> = async (c) => {
  const { include, ...query } = c.req.valid("query");
  return jsonPage(
    c,
    await players.listPlayers(serviceContext(c), c.req.valid("param").orgId, {
      ...query,
      includeDescendants: include === "descendants",
    }),
  );
};

export const getPlayerHandler: Handler<typeof r.getPlayer> = async (c) => {
  const player = await players.getPlayer(serviceContext(c), c.req.valid("param").playerId);
  // The same strong tag PATCH takes in If-Match (conditionalGet answers If-None-Match with it).
  return c.json(player, 200, { etag: await players.playerEtag(player) });
};

export const updatePlayerHandler: Handler<typeof r.updatePlayer> = async (c) => {
  const player = await players.updatePlayer(
    serviceContext(c),
    c.req.valid("param").playerId,
    c.req.valid("json"),
    c.req.valid("header")["if-match"],
  );
  return c.json(player, 200, { etag: await players.playerEtag(player) });
};

export const getPlayerHistoryHandler: Handler<typeof r.getPlayerHistory> = async (c) => {
  const ctx = serviceContext(c);
  const scope = await players.loadPlayerHistoryScope(ctx, c.req.valid("param").playerId);
  if (notModified(c, weakEtag(scope.etag), { private: scope.private || scope.member }))
    return c.body(null, 304);
  return c.json(await players.playerHistory(ctx, scope), 200);
};

export const mergePlayerHandler: Handler<typeof r.mergePlayer> = async (c) =>
  c.json(
    await players.mergePlayers(
      serviceContext(c),
      c.req.valid("param").playerId,
      c.req.valid("json").intoPlayerId,
    ),
    200,
  );
