export { CONSOLE_PATHS, createConsoleRouter } from "./router";
