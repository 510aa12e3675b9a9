import { expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { ORG_ROLES, type OrgRole } from "../../src/services/access";
import { addClient, adminAuth, type ClientAuth, createOrgClient } from "./auth";

/**
 * Who calls, in a permission-matrix row:
 * - `anonymous`: no token; `admin`: the platform admin;
 * - the five roles: clients of the target organisation (`world.org`);
 * - `parentOwner`: an owner of `world.parent`, the target's parent (reads, never writes);
 * - `foreignOwner`: an owner of `world.foreign`, an unrelated organisation (sees nothing).
 */
export const CALLERS = ["anonymous", "admin", ...ORG_ROLES, "parentOwner", "foreignOwner"] as const;
export type Caller = (typeof CALLERS)[number];

/** The organisations and clients every row runs against. */
export interface MatrixWorld {
  app: App;
  db: Database;
  /** The target organisation (a store under `parent`). */
  org: string;
  parent: string;
  foreign: string;
  callers: Record<Exclude<Caller, "anonymous">, ClientAuth>;
}

export interface MatrixRow {
  /** e.g. "POST /v1/orgs/{orgId}/clients". */
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path to call; may create what it needs first (a fresh client to revoke, an event of `world.org`). */
  path: (world: MatrixWorld) => string | Promise<string>;
  body?: (world: MatrixWorld) => unknown;
  /** The status each caller must get. */
  expect: Record<Caller, number>;
}

/** Builds the world: a chain (`parent`) with a store (`org`), an unrelated store, and a client per caller. */
export async function createMatrixWorld(app: App, db: Database): Promise<MatrixWorld> {
  const parent = await createOrgClient(app, db, { name: "Chain", kind: "chain" });
  const org = await createOrgClient(app, db, { name: "Store", kind: "store", parentOrgId: parent.orgId });
  const foreign = await createOrgClient(app, db, { name: "Elsewhere", kind: "store" });
  const roles = {} as Record<OrgRole, ClientAuth>;
  roles.owner = org;
  for (const role of ORG_ROLES) if (role !== "owner") roles[role] = await addClient(app, db, org.orgId, role);
  return {
    app,
    db,
    org: org.orgId,
    parent: parent.orgId,
    foreign: foreign.orgId,
    callers: { admin: await adminAuth(app, db), ...roles, parentOwner: parent, foreignOwner: foreign },
  };
}

/** One vitest case per row and caller: `role × route → status`. Call inside a describe block. */
export function permissionMatrix(rows: MatrixRow[], world: () => MatrixWorld): void {
  for (const row of rows) {
    for (const caller of CALLERS) {
      it(`${row.name} as ${caller} → ${row.expect[caller]}`, async () => {
        const w = world();
        const headers: Record<string, string> = {};
        if (caller !== "anonymous") headers.authorization = `Bearer ${w.callers[caller].token}`;
        // The path first: it may create the fixture that the body refers to.
        const path = await row.path(w);
        const body = row.body?.(w);
        if (body !== undefined) headers["content-type"] = "application/json";
        const res = await w.app.request(path, {
          method: row.method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        expect(res.status, await res.clone().text()).toBe(row.expect[caller]);
      });
    }
  }
}

/** Shorthand for `expect`: everyone gets `fallback` except the callers listed. */
export function statuses(
  fallback: number,
  overrides: Partial<Record<Caller, number>>,
): Record<Caller, number> {
  return Object.fromEntries(CALLERS.map((caller) => [caller, overrides[caller] ?? fallback])) as Record<
    Caller,
    number
  >;
}
