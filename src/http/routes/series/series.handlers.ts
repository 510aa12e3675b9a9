import * as series from "../../../services/series";
import { sendCachedJson } from "../../cached-body";
import { serviceContext } from "../../context";
import { seriesStandingsCsv } from "../../csv/rankings-csv";
import { csvDialect, sendCsv } from "../../csv/variant";
import { notModified, weakEtag } from "../../middleware/etag";
import { createRouter } from "../../router";
import { jsonPage } from "../handler";
import * as r from "./series.routes";

export const seriesRouter = createRouter();

seriesRouter.openapi(r.createSeries, async (c) => {
  const { orgId } = c.req.valid("param");
  const dto = await series.createSeries(serviceContext(c), orgId, c.req.valid("json"));
  return c.json(dto, 201, { location: `/v1/orgs/${orgId}/series/${dto.id}` });
});

seriesRouter.openapi(r.listSeries, async (c) =>
  jsonPage(c, await series.listSeries(serviceContext(c), c.req.valid("param").orgId, c.req.valid("query"))),
);

seriesRouter.openapi(r.getSeries, async (c) => {
  const { orgId, seriesId } = c.req.valid("param");
  return c.json(await series.getSeries(serviceContext(c), orgId, seriesId), 200);
});

seriesRouter.openapi(r.updateSeries, async (c) => {
  const { orgId, seriesId } = c.req.valid("param");
  return c.json(await series.updateSeries(serviceContext(c), orgId, seriesId, c.req.valid("json")), 200);
});

/** Round trips 1–2 authorise and fingerprint (304 here); only a new state costs round trip 3. */
seriesRouter.openapi(r.getSeriesStandings, async (c) => {
  const ctx = serviceContext(c);
  const scope = await series.loadSeriesScope(ctx, c.req.valid("param").seriesId);
  const etag = weakEtag(scope.etag);
  if (notModified(c, etag, { private: scope.private })) return c.body(null, 304);
  return sendCachedJson(c, etag, { private: scope.private }, () => series.seriesStandings(ctx, scope));
});

seriesRouter.openapi(r.getSeriesStandingsCsv, async (c) => {
  const ctx = serviceContext(c);
  const scope = await series.loadSeriesScope(ctx, c.req.valid("param").seriesId);
  const lang = csvDialect(c);
  return sendCsv(c, lang, {
    jsonTag: weakEtag(scope.etag),
    private: scope.private,
    file: { name: scope.series.name, timeZone: null, kind: "seriesStandings" },
    build: async () => seriesStandingsCsv(await series.seriesStandings(ctx, scope), lang),
  });
});

seriesRouter.openapi(r.getEventTags, async (c) =>
  c.json(await series.getEventTags(serviceContext(c), c.req.valid("param").eventId), 200),
);

seriesRouter.openapi(r.setEventTags, async (c) => {
  const { eventId } = c.req.valid("param");
  return c.json(await series.setEventTags(serviceContext(c), eventId, c.req.valid("json").tags), 200);
});
