export { pagesRouter, VENUE_PAGE_PATHS } from "./pages-router";
