// The public face of this group: other folders import only from here.

export { loadSeriesScope, seriesIncludesEvent } from "./scope";
export {
  getSeriesStandings,
  placingOf,
  seriesStandings,
  standingsUnlessConflict,
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
