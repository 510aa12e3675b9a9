export { PRINT_PAGE_PATHS, pagesRouter, VENUE_PAGE_PATHS } from "./pages-router";
