import { createRouter } from "../../router";
import { getProblemPageHandler } from "./problems.handlers";
import { getProblemPage } from "./problems.routes";

export const problemsRouter = createRouter().openapi(getProblemPage, getProblemPageHandler);
