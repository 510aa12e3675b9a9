/**
 * A whole event driven over HTTP, for rules tests that cross phases (corrections after the
 * playoffs are seated, disqualifications, boards). Players are numbered 1…n with a fixed
 * strength: at every table the lowest number wins with 10 VP unless a sheet says otherwise,
 * the others score 8, 6, 4 (3-player tables 8, 6) in strength order. Seatings are hand-made so
 * every figure can be computed by hand.
 *
 *   const t = await tournament(api, orgId, 32);
 *   const s1 = await t.session("Store A", "2026-12-05", range(1, 32));
 *   await t.playPrelims(s1, range(1, 32));
 *   const semis = await t.seat("semifinals"); await t.play(semis.tables);
 */
import { expect } from "vitest";
import type { JsonClient } from "./workflow";

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
type Json = any;

export interface Sheet {
  scores: { playerId: string; vp: number }[];
  winnerId: string;
  signed?: boolean;
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** Game 1: in number order; game 2: by number mod 4; game 3: in reverse order (tables of 4). */
export function handSeating(players: number[], game: number): number[][] {
  const order =
    game === 1
      ? players
      : game === 2
        ? [...players].sort((a, b) => (a % 4) - (b % 4) || a - b)
        : [...players].reverse();
  return chunks(order, 4);
}

export async function tournament(api: JsonClient, orgId: string, playerCount: number, name = "Rules event") {
  const P: string[] = [""]; // P[1] … P[n]
  const numberOf = new Map<string, number>();
  for (let n = 1; n <= playerCount; n++) {
    const res = await api.post(`/v1/orgs/${orgId}/players`, { name: `P${n}` });
    expect(res.status, res.text).toBe(201);
    P[n] = res.body.id;
    numberOf.set(res.body.id, n);
  }
  const created = await api.post(`/v1/orgs/${orgId}/events`, { name });
  expect(created.status, created.text).toBe(201);
  const eventId: string = created.body.id;

  /** The strongest (lowest number) wins with 10; the others score 8, 6, 4 by strength. */
  const strengthSheet = (seatIds: string[]): Sheet => {
    const byStrength = [...seatIds].sort((a, b) => numberOf.get(a)! - numberOf.get(b)!);
    const vp = new Map(byStrength.map((id, i) => [id, [10, 8, 6, 4][i]!]));
    return {
      scores: seatIds.map((playerId) => ({ playerId, vp: vp.get(playerId)! })),
      winnerId: byStrength[0]!,
      signed: true,
    };
  };
  const seatIdsOf = (table: Json): string[] => table.seats.map((s: Json) => s.player.id);

  return {
    eventId,
    P,
    numberOf,
    strengthSheet,
    seatIdsOf,
    /** Player numbers of a table, in turn order. */
    numbersOf: (table: Json): number[] => seatIdsOf(table).map((id) => numberOf.get(id)!),

    async session(sessionName: string, date: string, players: number[]): Promise<string> {
      const ses = await api.post(`/v1/events/${eventId}/sessions`, { name: sessionName, date });
      expect(ses.status, ses.text).toBe(201);
      const reg = await api.post(`/v1/sessions/${ses.body.id}/players`, {
        playerIds: players.map((n) => P[n]),
      });
      expect(reg.status, reg.text).toBe(200);
      return ses.body.id;
    },

    /** Seats one hand-made game of a session; returns the round. */
    async seatGame(sessionId: string, tables: number[][]): Promise<Json> {
      const res = await api.post(`/v1/sessions/${sessionId}/rounds`, {
        tables: tables.map((t) => t.map((n) => P[n])),
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data[0];
    },

    /** Signs every table's sheet (the strength sheet unless `sheetOf` gives one). */
    async play(tables: Json[], sheetOf: (seatIds: string[], table: Json) => Sheet = strengthSheet) {
      for (const table of tables) {
        const res = await api.put(`/v1/tables/${table.id}/result`, sheetOf(seatIdsOf(table), table));
        expect(res.status, res.text).toBe(200);
      }
    },

    /** Seats and plays games 1–3 of a session with the hand-made seating; returns the rounds. */
    async playPrelims(
      sessionId: string,
      players: number[],
      sheetOf?: (seatIds: string[], table: Json) => Sheet,
    ) {
      const played: Json[] = [];
      for (let game = 1; game <= 3; game++) {
        const round = await this.seatGame(sessionId, handSeating(players, game));
        await this.play(round.tables, sheetOf);
        played.push(round);
      }
      return played;
    },

    /** POST /v1/events/{id}/semifinals or /final; returns the round (201 expected). */
    async seat(phase: "semifinals" | "final"): Promise<Json> {
      const res = await api.post(`/v1/events/${eventId}/${phase}`);
      expect(res.status, res.text).toBe(201);
      return res.body;
    },

    /** Staff waive the final's choices by rank (docs/rules.md#choices) so its sheet is taken. */
    async waiveChoices(table: Json) {
      const res = await api.put(`/v1/tables/${table.id}/choices/waiver`, {
        reason: "The finalists chose on paper",
      });
      expect(res.status, res.text).toBe(200);
    },

    async standings(): Promise<Json> {
      const res = await api.get(`/v1/events/${eventId}/standings`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    },

    async qualification(): Promise<Json> {
      const res = await api.get(`/v1/events/${eventId}/qualification`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    },

    async audit(): Promise<Json[]> {
      const res = await api.get(`/v1/events/${eventId}/audit?limit=500`);
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    },
  };
}
export type Tournament = Awaited<ReturnType<typeof tournament>>;
