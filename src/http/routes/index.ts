import { authRouter } from "./auth";
import { healthRouter } from "./health";

/** Every API router, mounted at the root by createApp (each route carries its full path). */
export const apiRouters = [healthRouter, authRouter];
