import * as players from "../../../services/players";
import { sendCachedJson } from "../../cached-body";
import { serviceContext } from "../../context";
import { notModified, weakEtag } from "../../middleware/etag";
import { createRouter } from "../../router";
import { jsonPage } from "../handler";
import * as r from "./players.routes";

export const playersRouter = createRouter();

playersRouter.openapi(r.createPlayer, async (c) => {
  const { orgId } = c.req.valid("param");
  const player = await players.createPlayer(serviceContext(c), orgId, c.req.valid("json"));
  return c.json(player, 201, { location: `/v1/players/${player.id}` });
});

playersRouter.openapi(r.listPlayers, async (c) => {
  const { include, ...query } = c.req.valid("query");
  return jsonPage(
    c,
    await players.listPlayers(serviceContext(c), c.req.valid("param").orgId, {
      ...query,
      includeDescendants: include === "descendants",
    }),
  );
});

playersRouter.openapi(r.getPlayer, async (c) => {
  const player = await players.getPlayer(serviceContext(c), c.req.valid("param").playerId);
  // The same strong tag PATCH takes in If-Match (conditionalGet answers If-None-Match with it).
  return c.json(player, 200, { etag: await players.playerEtag(player) });
});

playersRouter.openapi(r.getPlayerHistory, async (c) => {
  const ctx = serviceContext(c);
  const scope = await players.loadPlayerHistoryScope(ctx, c.req.valid("param").playerId);
  const etag = weakEtag(scope.etag);
  const options = { private: scope.private || scope.member };
  if (notModified(c, etag, options)) return c.body(null, 304);
  // Every event's and session's standings: built once per state (the tag names the view too).
  return sendCachedJson(c, etag, options, () => players.playerHistory(ctx, scope));
});

playersRouter.openapi(r.updatePlayer, async (c) => {
  const { playerId } = c.req.valid("param");
  const ifMatch = c.req.valid("header")["if-match"];
  const player = await players.updatePlayer(serviceContext(c), playerId, c.req.valid("json"), ifMatch);
  return c.json(player, 200, { etag: await players.playerEtag(player) });
});

playersRouter.openapi(r.mergePlayer, async (c) => {
  const { playerId } = c.req.valid("param");
  const { intoPlayerId } = c.req.valid("json");
  return c.json(await players.mergePlayers(serviceContext(c), playerId, intoPlayerId), 200);
});
