import * as ratings from "../../../services/ratings";
import { cachedRatingTable } from "../../cached-rankings";
import { serviceContext } from "../../context";
import { ratingsCsv } from "../../csv/rankings-csv";
import { csvDialect, sendCsv } from "../../csv/variant";
import { notModified, weakEtag } from "../../middleware/etag";
import { createRouter } from "../../router";
import * as r from "./ratings.routes";

export const ratingsRouter = createRouter();

/** One scope batch authorises and fingerprints (304 here). */
ratingsRouter.openapi(r.getOrgRatings, async (c) => {
  const ctx = serviceContext(c);
  const scope = await ratings.loadRatingScope(ctx, c.req.valid("param").orgId);
  const { minGames } = c.req.valid("query");
  if (notModified(c, weakEtag(scope.etag, `min${minGames}`), { private: scope.private }))
    return c.body(null, 304);
  const table = await cachedRatingTable(c.get("responseCache"), ctx, scope);
  return c.json(ratings.ratingsResponse(table, minGames), 200);
});

ratingsRouter.openapi(r.getOrgRatingsCsv, async (c) => {
  const ctx = serviceContext(c);
  const { orgId } = c.req.valid("param");
  const scope = await ratings.loadRatingScope(ctx, orgId);
  const { minGames } = c.req.valid("query");
  const lang = csvDialect(c);
  return sendCsv(c, lang, {
    jsonTag: weakEtag(scope.etag, `min${minGames}`),
    private: scope.private,
    file: { name: orgId, timeZone: null, kind: "ratings" },
    build: async () => {
      const table = await cachedRatingTable(c.get("responseCache"), ctx, scope);
      return ratingsCsv(ratings.ratingsResponse(table, minGames), lang);
    },
  });
});

ratingsRouter.openapi(r.getPlayerRating, async (c) => {
  const ctx = serviceContext(c);
  const scope = await ratings.loadPlayerRatingScope(ctx, c.req.valid("param").playerId);
  const table = await cachedRatingTable(c.get("responseCache"), ctx, scope.ratings);
  const dto = ratings.playerRating(table, scope);
  if (notModified(c, weakEtag(scope.ratings.etag, scope.player.id), { private: scope.ratings.private }))
    return c.body(null, 304);
  return c.json(dto, 200);
});
