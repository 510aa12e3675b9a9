import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createAuthConfig } from "../../src/services/auth";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp, TEST_JWT_SECRET } from "../helpers/test-app";

// An external identity provider, with a local key set in place of createRemoteJWKSet(JWKS_URL).
const IDP = "https://idp.example/";
let app: App;
let db: Database;
let store: OrgClient;
let idpKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  idpKey = pair.privateKey;
  otherKey = (await generateKeyPair("ES256")).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256" };
  const auth = createAuthConfig({ secret: TEST_JWT_SECRET });
  auth.external = {
    issuer: IDP,
    audience: "catan-api",
    keys: createLocalJWKSet({ keys: [jwk] }),
    algorithms: ["ES256"],
  };
  ({ app, db } = await createTestApp({ auth }));
  store = await createOrgClient(app, db);
});

async function idpToken(claims: JWTPayload, key = idpKey, audience = "catan-api"): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ org: store.orgId, role: "reader", ...claims })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setIssuer(IDP)
    .setAudience(audience)
    .setSubject("auth0|user-42")
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(key);
}

const getOrg = (token: string) =>
  app.request(`/v1/orgs/${store.orgId}`, { headers: { authorization: `Bearer ${token}` } });

describe("tokens of an external identity provider (JWKS_URL, JWT_ISSUER, JWT_AUDIENCE)", () => {
  it("are accepted with org and role claims", async () => {
    expect((await getOrg(await idpToken({}))).status).toBe(200);
  });

  it("keep the role they carry (a reader cannot manage clients)", async () => {
    const res = await app.request(`/v1/orgs/${store.orgId}/clients`, {
      headers: { authorization: `Bearer ${await idpToken({ role: "reader" })}` },
    });
    expect(res.status).toBe(403);
  });

  it("are refused when signed by another key, for another audience, or granting admin", async () => {
    for (const token of [
      await idpToken({}, otherKey),
      await idpToken({}, idpKey, "someone-else"),
      await idpToken({ role: "admin", org: null }),
      await idpToken({ org: undefined }),
    ]) {
      const res = await getOrg(token);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  });

  it("do not let the external issuer sign with our HS256 key", async () => {
    const forged = await new SignJWT({ org: store.orgId, role: "owner" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(IDP)
      .setAudience("catan-api")
      .setSubject("x")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await getOrg(forged)).status).toBe(401);
  });

  it("our own tokens still work next to them", async () => {
    expect((await getOrg(store.token)).status).toBe(200);
  });
});
