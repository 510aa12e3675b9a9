/** Corrections a referee makes in the phase-lock tests: a table's winner on the wrong line. */
import type { Sheet, Tournament } from "./tournament";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

/** The prelim table where `playerId` sat and did not win, latest game first. */
export function tableLostBy(t: Tournament, prelims: readonly Json[], playerId: string): Json {
  for (const round of [...prelims].reverse()) {
    for (const table of round.tables) {
      const ids = t.seatIdsOf(table);
      if (ids.includes(playerId) && t.strengthSheet(ids).winnerId !== playerId) return table;
    }
  }
  throw new Error(`${playerId} won every game`);
}

/** A correction that makes `winner` win the table with 10 and gives the old winner 8. */
export function sheetWon(t: Tournament, table: Json, winner: string): Sheet & { reason: string } {
  const current = t.strengthSheet(t.seatIdsOf(table));
  return {
    scores: current.scores.map((s) => ({
      playerId: s.playerId,
      vp: s.playerId === winner ? 10 : s.playerId === current.winnerId ? 8 : s.vp,
    })),
    winnerId: winner,
    reason: "Transcription error: the winner's name was on the wrong line",
  };
}
