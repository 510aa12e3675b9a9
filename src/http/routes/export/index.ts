import { createRouter } from "../../router";
import { exportOrganizationHandler } from "./export.handlers";
import { exportOrganization } from "./export.routes";

export const exportRouter = createRouter().openapi(exportOrganization, exportOrganizationHandler);
