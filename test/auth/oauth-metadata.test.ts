import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { SCOPES, scopesOfRole } from "../../src/services/access";
import { type ClientAuth, createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

// RFC 8414 metadata: what an OAuth client library reads to configure itself. Every value must be
// one the server lives up to: the token endpoint answers at the URL given, with each client
// authentication method listed, for the grant listed, and knows every scope listed.
let app: App;
let db: Database;
let client: ClientAuth & { orgId: string };

beforeAll(async () => {
  ({ app, db } = await createTestApp({ http: { publicUrl: "https://catan.example.org" } }));
  client = await createOrgClient(app, db);
});

interface Metadata {
  issuer: string;
  token_endpoint: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  scopes_supported: string[];
  response_types_supported: string[];
  service_documentation: string;
}

async function metadata(headers: Record<string, string> = {}): Promise<Metadata> {
  const res = await app.request("/.well-known/oauth-authorization-server", { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Metadata;
}

/** A token request made the way an auth method says, for the grant, with one scope. */
function tokenRequest(method: string, scope: string): RequestInit {
  const fields = { grant_type: "client_credentials", scope };
  if (method === "client_secret_basic") {
    return {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
      },
      body: new URLSearchParams(fields).toString(),
    };
  }
  if (method === "client_secret_post") {
    return {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...fields,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    };
  }
  throw new Error(`no request for the auth method ${method}`);
}

describe("OAuth 2.0 authorization server metadata", () => {
  it("names the issuer, the token endpoint, the grant, the auth methods and every scope", async () => {
    expect(await metadata()).toEqual({
      issuer: "https://catan.example.org",
      token_endpoint: "https://catan.example.org/v1/auth/token",
      grant_types_supported: ["client_credentials"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      scopes_supported: Object.keys(SCOPES),
      response_types_supported: [],
      service_documentation: "https://catan.example.org/docs",
    });
  });

  it("is what the server does: a token with each auth method and the grant listed, at the endpoint's path", async () => {
    const meta = await metadata();
    const path = new URL(meta.token_endpoint).pathname;
    for (const method of meta.token_endpoint_auth_methods_supported) {
      const res = await app.request(path, tokenRequest(method, "standings:read"));
      expect(res.status, method).toBe(200);
      expect(await res.json()).toMatchObject({ token_type: "Bearer", scope: "standings:read" });
    }
  });

  it("lists every scope the token endpoint knows: an owner gets each of its role's, an unknown one is refused", async () => {
    const meta = await metadata();
    const owners = new Set<string>(scopesOfRole("owner"));
    for (const scope of meta.scopes_supported) {
      const res = await app.request("/v1/auth/token", tokenRequest("client_secret_post", scope));
      const body = (await res.json()) as { scope?: string; error?: string };
      // The one scope an owner's role lacks (creating organisations) is the platform admin's.
      expect(body, scope).toEqual(
        owners.has(scope)
          ? expect.objectContaining({ scope })
          : expect.objectContaining({ error: "invalid_scope" }),
      );
    }
    expect(owners.size).toBe(meta.scopes_supported.length - 1);
    const unknown = await app.request("/v1/auth/token", tokenRequest("client_secret_post", "no:such-scope"));
    expect(await unknown.json()).toMatchObject({ error: "invalid_scope" });
  });

  it("takes the issuer from the request when PUBLIC_URL is not set, and ignores a bad token", async () => {
    const { app: local } = await createTestApp();
    const res = await local.request("http://127.0.0.1:8787/.well-known/oauth-authorization-server", {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      issuer: "http://127.0.0.1:8787",
      token_endpoint: "http://127.0.0.1:8787/v1/auth/token",
    });
  });

  it("takes the issuer a trusted proxy forwards, as every other link of the server", async () => {
    const { app: proxied } = await createTestApp({ http: { trustProxy: true } });
    const res = await proxied.request("http://10.0.0.5:8787/.well-known/oauth-authorization-server", {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.org" },
    });
    expect(await res.json()).toMatchObject({
      issuer: "https://api.example.org",
      token_endpoint: "https://api.example.org/v1/auth/token",
    });
  });

  it("is an operation of the OpenAPI document, with no security", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, { get?: { security?: unknown[]; operationId?: string } }>;
    };
    const op = doc.paths["/.well-known/oauth-authorization-server"]?.get;
    expect(op?.operationId).toBe("getAuthorizationServerMetadata");
    expect(op?.security).toEqual([]);
  });
});
