import { beforeAll, describe } from "vitest";
import { createEvent, createSession, registerPlayers } from "../../src/services/events";
import { createPlayer } from "../../src/services/players";
import { createBoard, createRounds } from "../../src/services/rounds";

import { systemContext } from "../helpers/auth";
import {
  createMatrixWorld,
  type MatrixRow,
  type MatrixWorld,
  permissionMatrix,
  statuses,
} from "../helpers/permission-matrix";
import { createTestApp } from "../helpers/test-app";

// Fresh fixtures per call, made as the platform, so one caller's write never changes what the next finds.
const sys = (w: MatrixWorld) => systemContext(w.db);

async function privateEvent(w: MatrixWorld) {
  return createEvent(sys(w), w.org, { name: "Matrix seating", visibility: "private" });
}

async function sessionWithPlayers(w: MatrixWorld) {
  const event = await privateEvent(w);
  const session = await createSession(sys(w), event.id, { name: "S" });
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) ids.push((await createPlayer(sys(w), w.org, { name: `R${i}` })).id);
  await registerPlayers(sys(w), session.id, ids);
  return { eventId: event.id, sessionId: session.id };
}

async function seatedRound(w: MatrixWorld, board = false) {
  const { sessionId } = await sessionWithPlayers(w);
  const round = (await createRounds(sys(w), sessionId, {})).data[0]!;
  if (board) await createBoard(sys(w), round.id, { seed: "matrix" });
  return round.id;
}

const PRIVATE_READ = statuses(200, { anonymous: 404, foreignOwner: 404 });
const EVENT_WRITE = (ok: number) =>
  statuses(403, { admin: ok, owner: ok, organizer: ok, anonymous: 401, parentOwner: 403, foreignOwner: 404 });

const ROWS: MatrixRow[] = [
  {
    name: "POST /v1/sessions/{sessionId}/rounds",
    method: "POST",
    path: async (w) => `/v1/sessions/${(await sessionWithPlayers(w)).sessionId}/rounds`,
    body: () => ({}),
    expect: EVENT_WRITE(201),
  },
  {
    name: "GET /v1/sessions/{sessionId}/rounds",
    method: "GET",
    path: async (w) => `/v1/sessions/${(await sessionWithPlayers(w)).sessionId}/rounds`,
    expect: PRIVATE_READ,
  },
  {
    name: "GET /v1/rounds/{roundId}",
    method: "GET",
    path: async (w) => `/v1/rounds/${await seatedRound(w)}`,
    expect: PRIVATE_READ,
  },
  {
    name: "DELETE /v1/rounds/{roundId}",
    method: "DELETE",
    path: async (w) => `/v1/rounds/${await seatedRound(w)}`,
    expect: EVENT_WRITE(204),
  },
  {
    // Authorised callers get the rule's answer: an event without players has no semifinals.
    name: "POST /v1/events/{eventId}/semifinals",
    method: "POST",
    path: async (w) => `/v1/events/${(await privateEvent(w)).id}/semifinals`,
    expect: EVENT_WRITE(409),
  },
  {
    name: "POST /v1/events/{eventId}/final",
    method: "POST",
    path: async (w) => `/v1/events/${(await privateEvent(w)).id}/final`,
    expect: EVENT_WRITE(409),
  },
  {
    name: "POST /v1/rounds/{roundId}/board",
    method: "POST",
    path: async (w) => `/v1/rounds/${await seatedRound(w)}/board`,
    body: () => ({}),
    expect: EVENT_WRITE(201),
  },
  {
    name: "GET /v1/rounds/{roundId}/board",
    method: "GET",
    path: async (w) => `/v1/rounds/${await seatedRound(w, true)}/board`,
    expect: PRIVATE_READ,
  },
];

describe("permission matrix of seating, playoffs and boards (role × route → status)", () => {
  let world: MatrixWorld;
  beforeAll(async () => {
    const { app, db } = await createTestApp();
    world = await createMatrixWorld(app, db);
  });
  permissionMatrix(ROWS, () => world);
});
