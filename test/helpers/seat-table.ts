import type { Database } from "../../src/db/client";
import { newId } from "../../src/db/ids";
import { gameTables, rounds, seats } from "../../src/db/schema";

/**
 * Seats players at one prelim table directly in the database, for result tests that should not
 * depend on the seating generator. Players are listed in turn order.
 */
export async function seatPrelimTable(
  db: Database,
  eventId: string,
  sessionId: string,
  playerIds: string[],
  roundNumber = 1,
) {
  const roundId = newId("rnd");
  const tableId = newId("tbl");
  const now = new Date().toISOString();
  await db.batch([
    db.insert(rounds).values({
      id: roundId,
      eventId,
      sessionId,
      kind: "prelim",
      number: roundNumber,
      method: "manual",
      createdAt: now,
    }),
    db.insert(gameTables).values({ id: tableId, roundId, number: 1, createdAt: now }),
    db.insert(seats).values(
      playerIds.map((playerId, i) => ({
        tableId,
        roundId,
        playerId,
        position: i + 1,
        confirmationCode: `CODE${i + 1}X`,
      })),
    ),
  ]);
  return { roundId, tableId };
}
