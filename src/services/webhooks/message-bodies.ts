/**
 * What a notification sends, built once per message and shared by every subscription that
 * receives it: the `standings.changed` top (one ranking read per message, through the ranking
 * reader the runtime gives, which is the response cache's single flight where there is one),
 * the JSON body, and the Discord message. Twenty subscriptions of a message cost one build, not
 * twenty.
 */
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client";
import { SYSTEM_ACTOR } from "../access";
import type { ServiceContext } from "../context";
import { getEventStandings, getSessionStandings } from "../standings";
import type { DueRow } from "./bookkeeping";
import { discordMessage } from "./discord";

const TOP = 8;

/**
 * Where a `standings.changed` top is read from (the runtime's: through its response cache),
 * over the database a delivery pool gives: on Workers its reads count against the drain's
 * subrequests.
 */
export type RankingReader = typeof directRankings;

/** Rankings read straight from the services (no response cache: tests, the CLI). */
export function directRankings(db: Database) {
  const ctx: ServiceContext = { db, actor: SYSTEM_ACTOR, clock: () => new Date() };
  return {
    session: (sessionId: string) => getSessionStandings(ctx, sessionId),
    event: (eventId: string) => getEventStandings(ctx, eventId),
  };
}

/** 4 MiB of built bodies: a championship day's recent messages, each a few KB. */
const MAX_BYTES = 4 * 1024 * 1024;

export class MessageBodies {
  private readonly built = new LRUCache<string, string, () => Promise<string>>({
    maxSize: MAX_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  /**
   * Tops read for messages stored without one, to store on their outbox rows (with the tick's
   * bookkeeping), so a retry after a restart sends the same top as the first attempt.
   */
  private readonly unsaved = new Map<number, unknown[]>();

  constructor(private readonly rankings: RankingReader = directRankings) {}

  /**
   * The message's data, its `standings.changed` top read once, over `db`: the pool that builds a
   * body pays for its reads, and pools waiting for the same body pay nothing.
   */
  private async data(row: DueRow, db: Database): Promise<Record<string, unknown>> {
    const text = await this.once(`${row.seq}:data`, async () => {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      if (row.type !== "standings.changed" || data.top !== undefined) return row.data;
      let top: unknown[] = [];
      try {
        const sessionId = typeof data.sessionId === "string" ? data.sessionId : null;
        const { rows } = sessionId
          ? await this.rankings(db).session(sessionId)
          : await this.rankings(db).event(String(data.eventId));
        top = rows.slice(0, TOP).map((r) => ({
          rank: r.rank,
          playerId: r.player.id,
          name: r.player.name,
          wins: r.wins,
          vp: r.vp,
          vpPct: r.vpPct,
        }));
      } catch {
        // The session or event is gone (or not rankable yet): the URLs still say where to look.
      }
      this.unsaved.set(row.seq, top);
      return JSON.stringify({ ...data, top });
    });
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** The body a subscription in `row.format` receives (unsigned: each subscription signs its own). */
  body(row: DueRow, publicUrl: string | undefined, db: Database): Promise<string> {
    return this.once(`${row.seq}:${row.format}`, async () => {
      const data = await this.data(row, db);
      if (row.format === "discord") {
        return JSON.stringify(await discordMessage(db, row.type, data, { publicUrl, at: row.created_at }));
      }
      return JSON.stringify({
        id: row.message_id,
        type: row.type,
        timestamp: row.created_at,
        orgId: row.org_id,
        data,
      });
    });
  }

  /** The statement storing the tops read since the last call on their outbox rows, if any. */
  saveTops(db: Database) {
    if (this.unsaved.size === 0) return null;
    const tops = JSON.stringify([...this.unsaved]);
    this.unsaved.clear();
    return db.run(sql`
      update outbox set data = json_set(data, '$.top', json(t.top))
      from (select value ->> 0 as seq, value -> 1 as top from json_each(${tops})) t
      where outbox.seq = t.seq and json_extract(outbox.data, '$.top') is null`);
  }

  private async once(key: string, build: () => Promise<string>): Promise<string> {
    const value = await this.built.fetch(key, { context: build });
    if (value === undefined) throw new Error(`message body ${key} was not built`);
    return value;
  }
}
