export { pagesRouter } from "./pages-router";
