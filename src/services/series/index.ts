// The public face of this group: other folders import only from here.

export { loadSeriesScope, type SeriesScope, type SeriesView, seriesIncludesEvent } from "./scope";
export {
  getSeriesStandings,
  seriesStandings,
} from "./standings";
export {
  createSeries,
  getEventTags,
  getSeries,
  listSeries,
  setEventTags,
  toSeriesDto,
  updateSeries,
} from "./store";
export type { CreateSeriesInput, SeriesDto, SeriesSelection, UpdateSeriesInput } from "./types";
