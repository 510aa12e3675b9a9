import { authRouter } from "./auth";
import { clientsRouter } from "./clients";
import { healthRouter } from "./health";
import { orgsRouter } from "./orgs";

/** Every API router, mounted at the root by createApp (each route carries its full path). */
export const apiRouters = [healthRouter, authRouter, orgsRouter, clientsRouter];
