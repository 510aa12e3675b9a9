import { createRouter } from "../../router";
import * as h from "./series.handlers";
import * as r from "./series.routes";

export const seriesRouter = createRouter()
  .openapi(r.createSeries, h.createSeriesHandler)
  .openapi(r.listSeries, h.listSeriesHandler)
  .openapi(r.getSeries, h.getSeriesHandler)
  .openapi(r.updateSeries, h.updateSeriesHandler)
  .openapi(r.getSeriesStandings, h.getSeriesStandingsHandler)
  .openapi(r.getSeriesStandingsCsv, h.getSeriesStandingsCsvHandler)
  .openapi(r.getEventTags, h.getEventTagsHandler)
  .openapi(r.setEventTags, h.setEventTagsHandler);
