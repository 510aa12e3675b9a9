/**
 * Seeds chain events through the services, as an organiser's client would write them: the
 * event, its sessions, registrations, hand-made seating (createRounds with `tables`) and one
 * signed result per table (submitResult). Data is drawn from a seeded PRNG so runs compare.
 */
import type { Database } from "../../src/db/client";
import { SYSTEM_ACTOR } from "../../src/services/access";
import type { ServiceContext } from "../../src/services/context";
import { createEvent, createSession, registerPlayers } from "../../src/services/events";
import { createOrganization } from "../../src/services/orgs";
import { createPlayer } from "../../src/services/players";
import { createRounds } from "../../src/services/rounds";
import { submitResult } from "../../src/services/tables";
import { seeder } from "../../test/helpers/seed-results";

export const PLAYERS_PER_SESSION = 40;
export const GAMES = 3;
/** Random draws of 40 from 1,250 over 50 sessions reach ~1,000 unique players. */
export const POOL = 1_250;

/** mulberry32: tiny deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface BenchOrg {
  ctx: ServiceContext;
  orgId: string;
  pool: string[];
}

export async function seedOrg(db: Database): Promise<BenchOrg> {
  const ctx: ServiceContext = { db, actor: SYSTEM_ACTOR, clock: () => new Date() };
  const org = await createOrganization(ctx, { name: "Bench chain", kind: "federation" });
  const pool: string[] = [];
  for (let i = 0; i < POOL; i++) {
    pool.push((await createPlayer(ctx, org.id, { name: `Player ${String(i).padStart(4, "0")}` })).id);
  }
  return { ctx, orgId: org.id, pool };
}

/** Seats one hand-made game and submits a signed sheet per table; returns the table ids. */
export async function playGame(
  ctx: ServiceContext,
  sessionId: string,
  players: readonly string[],
  rnd: () => number,
  withResults = true,
): Promise<string[]> {
  const order = shuffle(players, rnd);
  const tables: string[][] = [];
  for (let t = 0; t < order.length; t += 4) tables.push(order.slice(t, t + 4));
  const { data } = await createRounds(ctx, sessionId, { tables });
  const ids = data[0]!.tables.map((t) => t.id);
  if (withResults) {
    for (let t = 0; t < tables.length; t++) await submitResult(ctx, ids[t]!, randomSheet(tables[t]!, rnd));
  }
  return ids;
}

/** A valid signed sheet: one winner at 10–12 VP, the others 2–10. */
export function randomSheet(seatIds: readonly string[], rnd: () => number) {
  const winner = Math.floor(rnd() * seatIds.length);
  return {
    scores: seatIds.map((playerId, i) => ({
      playerId,
      vp: i === winner ? 10 + Math.floor(rnd() * 3) : 2 + Math.floor(rnd() * 9),
    })),
    winnerId: seatIds[winner]!,
    signed: true,
  };
}

export interface SeededEvent {
  eventId: string;
  sessionIds: string[];
  /** A final table of the first session: the target of the "after a correction" build. */
  firstTableId: string;
}

/** An event of `sessions` prelim sessions, 40 players each, 3 games, every result final. */
export async function seedChainEvent(org: BenchOrg, sessions: number, seed: number): Promise<SeededEvent> {
  const { ctx } = org;
  const rnd = prng(seed);
  const event = await createEvent(ctx, org.orgId, { name: `Chain of ${sessions}` });
  const sessionIds: string[] = [];
  let firstTableId = "";
  for (let i = 0; i < sessions; i++) {
    const session = await createSession(ctx, event.id, {
      name: `Qualifier ${i + 1}`,
      date: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
    });
    const players = shuffle(org.pool, rnd).slice(0, PLAYERS_PER_SESSION);
    await registerPlayers(ctx, session.id, players);
    for (let game = 1; game <= GAMES; game++) {
      const ids = await playGame(ctx, session.id, players, rnd);
      firstTableId ||= ids[0]!;
    }
    sessionIds.push(session.id);
  }
  return { eventId: event.id, sessionIds, firstTableId };
}

/**
 * A chain event planted straight into the tables (test/helpers/seed-results.ts), for the
 * profiles and the workerd CPU script: `sessions` × 40 players × 3 games drawn from a pool of
 * 1,250 with the PRNG seeded by `seed`, every table final. Faster than through the services,
 * and the same shape as `seedChainEvent`'s events.
 */
export async function plantChainEvent(db: Database, orgId: string, sessions: number, seed: number) {
  const s = seeder(db, orgId);
  const event = await s.event();
  const pool = await s.players(POOL);
  const rnd = prng(seed);
  for (let i = 0; i < sessions; i++) {
    const picked = [...pool].sort(() => rnd() - 0.5).slice(0, PLAYERS_PER_SESSION);
    const sessionId = await s.session(event.id, picked, {
      date: `2026-01-${String((i % 28) + 1).padStart(2, "0")}`,
    });
    for (let game = 1; game <= GAMES; game++) {
      const order = [...picked].sort(() => rnd() - 0.5);
      const tables = Array.from({ length: PLAYERS_PER_SESSION / 4 }, (_, t) => {
        const players = order.slice(t * 4, t * 4 + 4);
        const winner = Math.floor(rnd() * 4);
        return { players, vp: players.map((_, p) => (p === winner ? 10 : 2 + Math.floor(rnd() * 8))) };
      });
      await s.round(event.id, { sessionId, number: game, tables });
    }
  }
  return event;
}
