import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { type OrgRole, type Role, SYSTEM_ACTOR } from "../../src/services/access";
import { insertApiClient } from "../../src/services/auth";
import type { ServiceContext } from "../../src/services/context";
import { createOrganization, type OrgKind } from "../../src/services/orgs";

/**
 * Auth for tests, through the real path: the organisation and client are created by the
 * services (as the CLI does), then the token comes from POST /v1/auth/token on the app.
 *
 *   const store = await createOrgClient(app, db);               // an owner of a new store
 *   await app.request(`/v1/orgs/${store.orgId}/players`, { method: "POST", headers: store.auth, body });
 *   const ref = await addClient(app, db, store.orgId, "referee");
 */

export interface ClientAuth {
  clientId: string;
  clientSecret: string;
  token: string;
  /** Spread into request headers: `{ authorization: "Bearer …" }`. */
  auth: Record<string, string>;
}

export interface OrgClient extends ClientAuth {
  orgId: string;
}

/** Services called as the platform itself (what the CLI does). */
export function systemContext(db: Database, clock: () => Date = () => new Date()): ServiceContext {
  return { db, actor: SYSTEM_ACTOR, clock };
}

/** Bearer headers for a token, optionally with a JSON content type. */
export function bearer(token: string, json = false): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) };
}

/** The client-credentials request of POST /v1/auth/token (form-encoded, RFC 6749), optionally narrowed to `scope`. */
export function tokenRequest(clientId: string, clientSecret: string, scope?: string): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
      ...(scope === undefined ? {} : { scope }),
    }),
  };
}

/** POST /v1/auth/token (form-encoded); throws with the response body when it is not a 200. */
export async function fetchToken(app: App, clientId: string, clientSecret: string): Promise<string> {
  const res = await app.request("/v1/auth/token", tokenRequest(clientId, clientSecret));
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function clientAuth(
  app: App,
  db: Database,
  orgId: string | null,
  role: Role,
  name: string,
): Promise<ClientAuth> {
  const { clientId, clientSecret } = await insertApiClient(db, { orgId, name, role }, new Date());
  const token = await fetchToken(app, clientId, clientSecret);
  return { clientId, clientSecret, token, auth: bearer(token) };
}

/** A new organisation with one client (role `owner` unless given) and its token. */
export async function createOrgClient(
  app: App,
  db: Database,
  opts: { name?: string; kind?: OrgKind; parentOrgId?: string; role?: OrgRole } = {},
): Promise<OrgClient> {
  const org = await createOrganization(systemContext(db), {
    name: opts.name ?? "Test store",
    kind: opts.kind ?? "store",
    parentOrgId: opts.parentOrgId,
  });
  const role = opts.role ?? "owner";
  return { orgId: org.id, ...(await clientAuth(app, db, org.id, role, `test ${role}`)) };
}

/** Another client of an existing organisation, with its token. */
export async function addClient(app: App, db: Database, orgId: string, role: OrgRole): Promise<ClientAuth> {
  return clientAuth(app, db, orgId, role, `test ${role}`);
}

/** A platform admin client and its token. */
export async function adminAuth(app: App, db: Database): Promise<ClientAuth> {
  return clientAuth(app, db, null, "admin", "test admin");
}
