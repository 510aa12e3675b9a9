import { beforeAll, describe } from "vitest";
import { insertApiClient } from "../../src/services/auth";
import {
  createMatrixWorld,
  type MatrixRow,
  type MatrixWorld,
  permissionMatrix,
  statuses,
} from "../helpers/permission-matrix";
import { createTestApp } from "../helpers/test-app";

/** A fresh client of the target org, so every DELETE revokes something that exists. */
const freshClient = async (w: MatrixWorld) =>
  (await insertApiClient(w.db, { orgId: w.org, name: "to revoke", role: "reader" }, new Date())).clientId;

// role × route → status. Add a row per workflow route: readers of the org and its parents get
// 200, writes need the role, the parent gets 403 on writes, an unrelated org always 404.
const ROWS: MatrixRow[] = [
  {
    name: "POST /v1/orgs",
    method: "POST",
    path: () => "/v1/orgs",
    body: () => ({ name: "New store", kind: "store" }),
    expect: statuses(403, { anonymous: 401, admin: 201 }),
  },
  {
    name: "GET /v1/orgs/{orgId}",
    method: "GET",
    path: (w) => `/v1/orgs/${w.org}`,
    expect: statuses(200, { anonymous: 401, foreignOwner: 404 }),
  },
  {
    name: "GET /v1/orgs/{orgId}/children",
    method: "GET",
    path: (w) => `/v1/orgs/${w.org}/children`,
    expect: statuses(200, { anonymous: 401, foreignOwner: 404 }),
  },
  {
    name: "POST /v1/orgs/{orgId}/clients",
    method: "POST",
    path: (w) => `/v1/orgs/${w.org}/clients`,
    body: () => ({ name: "Discord bot", role: "reporter" }),
    expect: statuses(403, { anonymous: 401, admin: 201, owner: 201, foreignOwner: 404 }),
  },
  {
    name: "GET /v1/orgs/{orgId}/clients",
    method: "GET",
    path: (w) => `/v1/orgs/${w.org}/clients`,
    expect: statuses(403, { anonymous: 401, admin: 200, owner: 200, foreignOwner: 404 }),
  },
  {
    name: "GET /v1/orgs/{orgId}/clients/{clientId}",
    method: "GET",
    path: async (w) => `/v1/orgs/${w.org}/clients/${await freshClient(w)}`,
    expect: statuses(403, { anonymous: 401, admin: 200, owner: 200, foreignOwner: 404 }),
  },
  {
    name: "DELETE /v1/orgs/{orgId}/clients/{clientId}",
    method: "DELETE",
    path: async (w) => `/v1/orgs/${w.org}/clients/${await freshClient(w)}`,
    expect: statuses(403, { anonymous: 401, admin: 204, owner: 204, foreignOwner: 404 }),
  },
];

describe("permission matrix (role × route → status)", () => {
  let world: MatrixWorld;
  beforeAll(async () => {
    const { app, db } = await createTestApp();
    world = await createMatrixWorld(app, db);
  });
  permissionMatrix(ROWS, () => world);
});
