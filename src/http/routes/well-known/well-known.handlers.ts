import { SCOPE_NAMES } from "../../../services/access";
import { publicOrigin } from "../../origin";
import { createRouter } from "../../router";
import { TOKEN_PATH } from "../../token-errors";
import * as r from "./well-known.routes";

export const wellKnownRouter = createRouter();

wellKnownRouter.openapi(r.getAuthorizationServerMetadata, async (c) => {
  // RFC 8414 §3.3: the issuer is the URL the metadata was fetched under, without the well-known part.
  const issuer = publicOrigin(c);
  return c.json(
    {
      issuer,
      token_endpoint: `${issuer}${TOKEN_PATH}`,
      grant_types_supported: ["client_credentials"],
      // What POST /v1/auth/token accepts (auth.handlers.ts): HTTP Basic, or the id and secret in the
      // body. test/auth/oauth-metadata.test.ts gets a token each way this list names.
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      scopes_supported: SCOPE_NAMES,
      response_types_supported: [],
      service_documentation: `${issuer}/docs`,
    },
    200,
    { "cache-control": "public, max-age=3600" },
  );
});
