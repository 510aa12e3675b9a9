import { createRouter } from "../../router";
import { oauthErrorBoundary, postTokenHandler, tokenRequestHook } from "./auth.handlers";
import { postToken } from "./auth.routes";

export const authRouter = createRouter();
authRouter.use(postToken.path, oauthErrorBoundary);
authRouter.openapi(postToken, postTokenHandler, tokenRequestHook);
