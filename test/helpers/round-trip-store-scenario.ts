import type { JsonClient } from "./workflow";

/** Success (any 2xx). */
function expectOk(res: { status: number; text: string }, what: string) {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: got ${res.status} ${res.text}`);
}

interface CodedTable {
  id: string;
  seats: { player: { id: string }; confirmationCode: string }[];
}

/**
 * A store-hosted session as a store runs it: check-in (and an undo, so one player is
 * a no-show), all three games seated, a pending sheet confirmed by every player with their seat
 * code and no token, another disputed by a player and settled by a referee, then a drop after
 * game 1 that re-seats games 2 and 3. `players` needs 13 ids of the chain's tree.
 */
export async function storeOperations(
  api: JsonClient,
  anonymous: JsonClient,
  chainOrgId: string,
  storeOrgId: string,
  players: string[],
): Promise<void> {
  const event = await api.post(`/v1/orgs/${chainOrgId}/events`, { name: "Round-trip store qualifier" });
  expectOk(event, "store event");
  const session = await api.post(`/v1/events/${event.body.id}/sessions`, {
    name: "Store night",
    hostOrgId: storeOrgId,
  });
  expectOk(session, "store session");
  const sessionId = session.body.id as string;
  expectOk(await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players }), "register");
  expectOk(await api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: players }), "check in");
  expectOk(await api.delete(`/v1/sessions/${sessionId}/check-ins/${players.at(-1)}`), "undo check-in");
  const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all", seed: "rt-store" });
  expectOk(seated, "seat the store's games");
  const game1 = seated.body.data[0] as { tables: { id: string }[] };
  const [confirmedId, disputedId] = game1.tables.map((t) => t.id) as [string, string];

  // Staff read the codes (printed on the sheet); the players confirm from their phones.
  const confirmed = (await api.get(`/v1/tables/${confirmedId}`)).body as CodedTable;
  expectOk(await api.put(`/v1/tables/${confirmedId}/result`, sheetOf(confirmed)), "pending sheet");
  for (const seat of confirmed.seats) {
    const res = await anonymous.post(`/v1/tables/${confirmedId}/result/confirmations`, {
      playerId: seat.player.id,
      code: seat.confirmationCode,
    });
    expectOk(res, "confirm with a seat code");
  }

  const disputed = (await api.get(`/v1/tables/${disputedId}`)).body as CodedTable;
  expectOk(await api.put(`/v1/tables/${disputedId}/result`, sheetOf(disputed)), "pending sheet");
  const disputer = disputed.seats[1]!;
  const dispute = await anonymous.post(`/v1/tables/${disputedId}/result/disputes`, {
    playerId: disputer.player.id,
    code: disputer.confirmationCode,
    reason: "My city was not counted",
  });
  expectOk(dispute, "dispute with a seat code");
  expectOk(
    await api.post(`/v1/tables/${disputedId}/result/finalize`, { reason: "Referee counted the board." }),
    "referee settles the dispute",
  );

  // A player of game 1 leaves: games 2 and 3, seated without results, are re-seated.
  const leaving = confirmed.seats[0]!.player.id;
  expectOk(await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: leaving, afterGame: 1 }), "drop");
}

function sheetOf(table: CodedTable) {
  const ids = table.seats.map((s) => s.player.id);
  return { scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 8 - i })), winnerId: ids[0] };
}
