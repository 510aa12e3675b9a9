export { createConsoleRouter } from "./router";
