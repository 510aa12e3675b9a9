import { z } from "@hono/zod-openapi";

export const AuthorizationServerMetadataSchema = z
  .object({
    issuer: z.string().openapi({
      description:
        "This server's issuer identifier: `PUBLIC_URL`, or the origin that served this document. The metadata is at `<issuer>/.well-known/oauth-authorization-server` (RFC 8414 §3).",
      example: "https://catan.example.org",
    }),
    token_endpoint: z.string().openapi({ example: "https://catan.example.org/v1/auth/token" }),
    grant_types_supported: z.array(z.string()).openapi({ example: ["client_credentials"] }),
    token_endpoint_auth_methods_supported: z.array(z.string()).openapi({
      description:
        "How a client authenticates at the token endpoint: HTTP Basic (`client_secret_basic`) or `client_id` and `client_secret` in the body (`client_secret_post`; form-encoded or JSON).",
      example: ["client_secret_basic", "client_secret_post"],
    }),
    scopes_supported: z.array(z.string()).openapi({
      description:
        "The `scope` values a token request may name (space-separated); without `scope` a token carries every right of its client's role.",
      example: ["standings:read", "results:write"],
    }),
    response_types_supported: z.array(z.string()).openapi({
      description:
        "Required by RFC 8414; empty, because there is no authorization endpoint: the client-credentials grant needs none.",
      example: [],
    }),
    service_documentation: z.string().openapi({ example: "https://catan.example.org/docs" }),
  })
  .openapi("AuthorizationServerMetadata");
