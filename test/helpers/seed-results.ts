/**
 * Seeds events, sessions, registrations, rounds, tables, seats and results straight into the
 * database, the way the services store them (a final result bumps `events.resultsVersion` in
 * the same batch, and its seats hold their VP and placement), so ranking tests don't depend on
 * the seating routes.
 *
 *   const s = seeder(db, orgId);
 *   const evt = await s.event();
 *   const [a, b, c, d] = await s.players(4);
 *   const ses = await s.session(evt.id, [a, b, c, d]);
 *   await s.round(evt.id, { sessionId: ses, number: 1, tables: [{ players: [a, b, c, d], vp: [10, 8, 6, 4] }] });
 */
import { and, eq, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../src/db/ancestry";
import type { Database } from "../../src/db/client";
import { newId } from "../../src/db/ids";
import {
  disqualifications,
  events,
  gameTables,
  organizations,
  players,
  registrations,
  rounds,
  seats,
  sessions,
  tableResults,
} from "../../src/db/schema";
import { scoreGame } from "../../src/domain/game-score";

export interface SeedTable {
  /** Turn order. */
  players: string[];
  /** VP per seat; omit for a table without a result. */
  vp?: number[];
  /** Default: the first seat with 10+ VP. */
  winner?: string;
  /** Default "final". */
  status?: "final" | "pending";
}

export interface SeedRound {
  sessionId?: string | null;
  kind?: "prelim" | "semifinal" | "final";
  number?: number;
  tables: SeedTable[];
}

/** Tables of 4, with 3-player tables for the remainder (rule 1.1.7): 29 → 5×4 + 3×3. */
export function splitTables<T>(ids: readonly T[]): T[][] {
  const threes = [0, 3, 2, 1][ids.length % 4]!;
  const fours = (ids.length - 3 * threes) / 4;
  const out: T[][] = [];
  let i = 0;
  for (let t = 0; t < fours; t++, i += 4) out.push(ids.slice(i, i + 4));
  for (let t = 0; t < threes; t++, i += 3) out.push(ids.slice(i, i + 3));
  return out;
}

const bump = (db: Database, eventId: string) =>
  db
    .update(events)
    .set({ resultsVersion: sql`${events.resultsVersion} + 1` })
    .where(eq(events.id, eventId));

function winnerOf(table: SeedTable): string {
  const vp = table.vp!;
  return table.winner ?? table.players[vp.findIndex((v) => v >= 10)]!;
}

/**
 * The seats' placements as a result write stores them (services/tables/results.ts), or null
 * for a sheet the rules refuse (tests of rows edited behind the services' back).
 */
function seatPlacements(
  ruleset: "2026" | "legacy",
  table: SeedTable,
  disqualifiedHere: readonly string[] = [],
) {
  if (!table.vp) return null;
  try {
    const scored = scoreGame({
      ruleset,
      seatPlayerIds: table.players,
      scores: table.players.map((playerId, i) => ({ playerId, vp: table.vp![i]! })),
      winnerId: winnerOf(table),
      disqualifiedPlayerIds: disqualifiedHere,
    });
    return scored.seats.map((seat) => ({ placement: seat.placement }));
  } catch {
    return null;
  }
}

function resultRow(eventId: string, tableId: string, table: SeedTable, version = 1) {
  const vp = table.vp!;
  const winnerId = winnerOf(table);
  const status = table.status ?? "final";
  return {
    tableId,
    eventId,
    status,
    version,
    winnerId,
    scores: table.players.map((playerId, i) => ({ playerId, vp: vp[i]! })),
    finalizedBy: status === "final" ? ("signed" as const) : null,
    submittedByClientId: "cli_seed",
    updatedAt: new Date().toISOString(),
  };
}

export function seeder(db: Database, orgId: string) {
  let playerCount = 0;
  const rulesetOf = async (eventId: string) => {
    const [row] = await db.select({ ruleset: events.ruleset }).from(events).where(eq(events.id, eventId));
    return row?.ruleset ?? "2026";
  };
  return {
    async event(
      opts: { ruleset?: "2026" | "legacy"; visibility?: "public" | "private"; lotSeed?: string } = {},
    ) {
      const id = newId("evt");
      const lotSeed = opts.lotSeed ?? `seed-${id}`;
      const now = new Date().toISOString();
      await db.insert(events).values({
        id,
        orgId,
        name: `Event ${id}`,
        ruleset: opts.ruleset ?? "2026",
        visibility: opts.visibility ?? "public",
        lotSeed,
        createdAt: now,
        updatedAt: now,
      });
      return { id, lotSeed };
    },

    /** `n` new players named P01, P02, … (or the given names). */
    async players(n: number | string[]): Promise<string[]> {
      const names =
        typeof n === "number"
          ? Array.from({ length: n }, () => `P${String(++playerCount).padStart(2, "0")}`)
          : n;
      const [org] = await db
        .select({ chain: orgAncestryJson(organizations.id) })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      const rootOrgId = (JSON.parse(org!.chain) as string[]).at(-1)!;
      const rows = names.map((name) => ({ id: newId("ply"), orgId, rootOrgId, name }));
      for (let i = 0; i < rows.length; i += 100) await db.insert(players).values(rows.slice(i, i + 100));
      return rows.map((r) => r.id);
    },

    async session(
      eventId: string,
      playerIds: readonly string[],
      opts: { name?: string; date?: string; eliminated?: readonly string[] } = {},
    ): Promise<string> {
      const id = newId("ses");
      await db
        .insert(sessions)
        .values({ id, eventId, name: opts.name ?? `Session ${id}`, date: opts.date ?? null });
      await this.register(id, playerIds, opts.eliminated);
      return id;
    },

    async register(sessionId: string, playerIds: readonly string[], eliminated: readonly string[] = []) {
      if (playerIds.length === 0) return;
      const cut = new Set(eliminated);
      await db.insert(registrations).values(
        playerIds.map((playerId) => ({
          sessionId,
          playerId,
          eliminatedAt: cut.has(playerId) ? new Date().toISOString() : null,
        })),
      );
    },

    /** A round with its tables and seats, plus a result for every table given `vp`. */
    async round(eventId: string, round: SeedRound): Promise<{ roundId: string; tableIds: string[] }> {
      const kind = round.kind ?? "prelim";
      const roundId = newId("rnd");
      const tableIds = round.tables.map(() => newId("tbl"));
      const withResult = round.tables.filter((t) => t.vp);
      const ruleset = await rulesetOf(eventId);
      const placements = round.tables.map((table) => seatPlacements(ruleset, table));
      await db.batch([
        db.insert(rounds).values({
          id: roundId,
          eventId,
          sessionId: kind === "prelim" ? (round.sessionId ?? null) : null,
          kind,
          number: round.number ?? 1,
          method: kind === "prelim" ? "generated" : "snake",
        }),
        db.insert(gameTables).values(tableIds.map((id, i) => ({ id, roundId, number: i + 1 }))),
        db.insert(seats).values(
          round.tables.flatMap((table, t) =>
            table.players.map((playerId, p) => ({
              tableId: tableIds[t]!,
              roundId,
              playerId,
              position: p + 1,
              vp: table.vp?.[p] ?? null,
              ...placements[t]?.[p],
            })),
          ),
        ),
        ...(withResult.length > 0
          ? [
              db
                .insert(tableResults)
                .values(
                  round.tables.flatMap((table, t) =>
                    table.vp ? [resultRow(eventId, tableIds[t]!, table)] : [],
                  ),
                ),
              bump(db, eventId),
            ]
          : []),
      ]);
      return { roundId, tableIds };
    },

    /** Replaces a table's result (a confirmation or a correction): a new version, and a results bump. */
    async setResult(eventId: string, tableId: string, table: SeedTable & { vp: number[] }) {
      const [current] = await db.select().from(tableResults).where(eq(tableResults.tableId, tableId));
      const here = await db
        .select({ playerId: disqualifications.playerId })
        .from(disqualifications)
        .where(eq(disqualifications.tableId, tableId));
      const placements = seatPlacements(
        await rulesetOf(eventId),
        table,
        here.map((d) => d.playerId),
      );
      const row = resultRow(eventId, tableId, table, (current?.version ?? 0) + 1);
      await db.batch([
        current
          ? db.update(tableResults).set(row).where(eq(tableResults.tableId, tableId))
          : db.insert(tableResults).values(row),
        ...table.players.map((playerId, p) =>
          db
            .update(seats)
            .set({ vp: table.vp[p]!, placement: placements?.[p]?.placement ?? null })
            .where(and(eq(seats.tableId, tableId), eq(seats.playerId, playerId))),
        ),
        bump(db, eventId),
      ]);
    },

    /** Rule 1.3.6, as the results service records it: one row per event and player, plus a bump. */
    async disqualify(eventId: string, tableId: string, playerId: string) {
      await db.batch([
        db.insert(disqualifications).values({
          id: newId("dsq"),
          eventId,
          tableId,
          playerId,
          reason: "test",
          actorClientId: "cli_seed",
        }),
        bump(db, eventId),
      ]);
    },
  };
}

export type Seeder = ReturnType<typeof seeder>;

/**
 * Plants rows as a database written before the phase locks (migration 0009) could hold them:
 * the lock triggers are dropped while `plant` runs and re-created after, as they were.
 */
export async function plantedBeforePhaseLocks(db: Database, plant: () => Promise<unknown>): Promise<void> {
  const triggers = await db.all<{ name: string; sql: string }>(
    sql`select name, sql from sqlite_master where type = 'trigger' and name like '%phase_locked%'`,
  );
  if (triggers.length === 0) throw new Error("no phase-lock triggers to lift: migration 0009 changed?");
  for (const t of triggers) await db.run(sql.raw(`DROP TRIGGER \`${t.name}\``));
  try {
    await plant();
  } finally {
    for (const t of triggers) await db.run(sql.raw(t.sql));
  }
}
