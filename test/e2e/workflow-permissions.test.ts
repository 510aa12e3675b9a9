import { beforeAll, describe } from "vitest";
import { createEvent, createSession, registerPlayers } from "../../src/services/events";
import { createPlayer } from "../../src/services/players";

import { submitResult } from "../../src/services/tables";

import { systemContext } from "../helpers/auth";
import {
  createMatrixWorld,
  type MatrixRow,
  type MatrixWorld,
  permissionMatrix,
  statuses,
} from "../helpers/permission-matrix";
import { seatPrelimTable } from "../helpers/seat-table";
import { createTestApp } from "../helpers/test-app";

// Fixtures are made as the platform (not through the caller under test), fresh per call, so a
// write by one caller never changes what the next caller finds.
const sys = (w: MatrixWorld) => systemContext(w.db);

async function privateEvent(w: MatrixWorld) {
  return createEvent(sys(w), w.org, { name: "Matrix event", visibility: "private" });
}

async function fourPlayers(w: MatrixWorld) {
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push((await createPlayer(sys(w), w.org, { name: `M${i}` })).id);
  return ids;
}

async function seatedTable(w: MatrixWorld, result?: "pending" | "final") {
  const event = await privateEvent(w);
  const session = await createSession(sys(w), event.id, { name: "S" });
  const ids = await fourPlayers(w);
  await registerPlayers(sys(w), session.id, ids);
  const { tableId } = await seatPrelimTable(w.db, event.id, session.id, ids);
  const sheet = {
    scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i]! })),
    winnerId: ids[0]!,
  };
  if (result) await submitResult(sys(w), tableId, { ...sheet, signed: result === "final" });
  return { eventId: event.id, tableId, ids, sheet };
}

const WRITE_ORG = {
  admin: 201,
  owner: 201,
  organizer: 201,
  anonymous: 401,
  parentOwner: 403,
  foreignOwner: 404,
};
const READ_ORG = statuses(200, { anonymous: 401, foreignOwner: 404 });
const EVENT_WRITE = (ok: number) =>
  statuses(403, { admin: ok, owner: ok, organizer: ok, anonymous: 401, parentOwner: 403, foreignOwner: 404 });

let lastTable: Awaited<ReturnType<typeof seatedTable>>;

const ROWS: MatrixRow[] = [
  {
    name: "POST /v1/orgs/{orgId}/players",
    method: "POST",
    path: (w) => `/v1/orgs/${w.org}/players`,
    body: () => ({ name: "New" }),
    expect: statuses(403, WRITE_ORG),
  },
  {
    name: "GET /v1/orgs/{orgId}/players",
    method: "GET",
    path: (w) => `/v1/orgs/${w.org}/players`,
    expect: READ_ORG,
  },
  {
    name: "GET /v1/players/{playerId}",
    method: "GET",
    path: async (w) => `/v1/players/${(await fourPlayers(w))[0]}`,
    expect: READ_ORG,
  },
  {
    name: "PATCH /v1/players/{playerId}",
    method: "PATCH",
    path: async (w) => `/v1/players/${(await fourPlayers(w))[0]}`,
    body: () => ({ name: "Renamed" }),
    expect: EVENT_WRITE(200),
  },
  {
    name: "POST /v1/orgs/{orgId}/events",
    method: "POST",
    path: (w) => `/v1/orgs/${w.org}/events`,
    body: () => ({ name: "E" }),
    expect: statuses(403, WRITE_ORG),
  },
  {
    name: "GET /v1/orgs/{orgId}/events",
    method: "GET",
    path: (w) => `/v1/orgs/${w.org}/events`,
    expect: READ_ORG,
  },
  {
    name: "GET /v1/events/{eventId} (private)",
    method: "GET",
    path: async (w) => `/v1/events/${(await privateEvent(w)).id}`,
    expect: statuses(200, { anonymous: 404, foreignOwner: 404 }),
  },
  {
    name: "PATCH /v1/events/{eventId}",
    method: "PATCH",
    path: async (w) => `/v1/events/${(await privateEvent(w)).id}`,
    body: () => ({ venue: "Hall" }),
    expect: EVENT_WRITE(200),
  },
  {
    name: "POST /v1/events/{eventId}/sessions",
    method: "POST",
    path: async (w) => `/v1/events/${(await privateEvent(w)).id}/sessions`,
    body: () => ({ name: "S" }),
    expect: EVENT_WRITE(201),
  },
  {
    name: "POST /v1/events/{eventId}/avoid-pairs",
    method: "POST",
    path: async (w) => {
      const event = await privateEvent(w);
      lastTable = {
        eventId: event.id,
        tableId: "",
        ids: await fourPlayers(w),
        sheet: { scores: [], winnerId: "" },
      };
      return `/v1/events/${event.id}/avoid-pairs`;
    },
    body: () => ({ playerIds: [lastTable.ids[0], lastTable.ids[1]] }),
    expect: EVENT_WRITE(200),
  },
  {
    name: "GET /v1/events/{eventId}/avoid-pairs",
    method: "GET",
    path: async (w) => `/v1/events/${(await privateEvent(w)).id}/avoid-pairs`,
    expect: EVENT_WRITE(200),
  },
  {
    name: "GET /v1/events/{eventId}/audit",
    method: "GET",
    path: async (w) => `/v1/events/${(await privateEvent(w)).id}/audit`,
    expect: statuses(200, { anonymous: 401, reporter: 403, reader: 403, foreignOwner: 404 }),
  },
  {
    name: "GET /v1/tables/{tableId} (private event)",
    method: "GET",
    path: async (w) => `/v1/tables/${(await seatedTable(w)).tableId}`,
    expect: statuses(200, { anonymous: 404, foreignOwner: 404 }),
  },
  {
    name: "PUT /v1/tables/{tableId}/result",
    method: "PUT",
    path: async (w) => {
      lastTable = await seatedTable(w);
      return `/v1/tables/${lastTable.tableId}/result`;
    },
    body: () => lastTable.sheet,
    expect: statuses(200, { reader: 403, anonymous: 401, parentOwner: 403, foreignOwner: 404 }),
  },
  {
    name: "POST /v1/tables/{tableId}/result/confirmations",
    method: "POST",
    path: async (w) => {
      lastTable = await seatedTable(w, "pending");
      return `/v1/tables/${lastTable.tableId}/result/confirmations`;
    },
    body: () => ({ playerId: lastTable.ids[1] }),
    expect: statuses(200, { reader: 403, anonymous: 401, parentOwner: 403, foreignOwner: 404 }),
  },
  {
    name: "POST /v1/tables/{tableId}/result/finalize",
    method: "POST",
    path: async (w) => `/v1/tables/${(await seatedTable(w, "pending")).tableId}/result/finalize`,
    body: () => ({}),
    expect: statuses(200, {
      reporter: 403,
      reader: 403,
      anonymous: 401,
      parentOwner: 403,
      foreignOwner: 404,
    }),
  },
  {
    name: "POST /v1/tables/{tableId}/disqualifications",
    method: "POST",
    path: async (w) => {
      lastTable = await seatedTable(w);
      return `/v1/tables/${lastTable.tableId}/disqualifications`;
    },
    body: () => ({ playerId: lastTable.ids[3], reason: "unsporting conduct" }),
    expect: statuses(200, {
      reporter: 403,
      reader: 403,
      anonymous: 401,
      parentOwner: 403,
      foreignOwner: 404,
    }),
  },
  {
    name: "POST /v1/tables/{tableId}/result/corrections",
    method: "POST",
    path: async (w) => {
      lastTable = await seatedTable(w, "final");
      return `/v1/tables/${lastTable.tableId}/result/corrections`;
    },
    body: () => ({
      ...lastTable.sheet,
      scores: lastTable.sheet.scores.map((s, i) => (i === 3 ? { ...s, vp: 5 } : s)),
      reason: "typo on seat 4",
    }),
    expect: EVENT_WRITE(200),
  },
];

describe("permission matrix of the tournament workflow (role × route → status)", () => {
  let world: MatrixWorld;
  beforeAll(async () => {
    const { app, db } = await createTestApp();
    world = await createMatrixWorld(app, db);
  });
  permissionMatrix(ROWS, () => world);
});
