import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { SYSTEM_ACTOR } from "../access";
import type { ServiceContext } from "../context";
import { getEventStandings, getSessionStandings } from "../standings";

const TOP = 8;

interface Row {
  rank: number | null;
  player: { id: string; name: string };
  wins: number;
  vp: number;
  vpPct: string;
}

function topOf(rows: readonly Row[]) {
  return rows.slice(0, TOP).map((r) => ({
    rank: r.rank,
    playerId: r.player.id,
    name: r.player.name,
    wins: r.wins,
    vp: r.vp,
    vpPct: r.vpPct,
  }));
}

/**
 * `standings.changed` carries the top of the affected ranking. Ranking inside the write's
 * batch would slow every result write, so it is computed when the notification is first
 * delivered and stored on the outbox row: every subscriber and retry then sends the same top.
 */
export async function enrichStandings(
  db: Database,
  seq: number,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (data.top !== undefined) return data;
  const ctx: ServiceContext = { db, actor: SYSTEM_ACTOR, clock: () => new Date() };
  let top: ReturnType<typeof topOf> = [];
  try {
    const sessionId = typeof data.sessionId === "string" ? data.sessionId : null;
    const standings = sessionId
      ? await getSessionStandings(ctx, sessionId)
      : await getEventStandings(ctx, String(data.eventId));
    top = topOf(standings.rows as readonly Row[]);
  } catch {
    // The session or event is gone (or not rankable yet): the URLs still say where to look.
  }
  await db.run(sql`update outbox set data = json_set(data, '$.top', json(${JSON.stringify(top)}))
                   where seq = ${seq} and json_extract(data, '$.top') is null`);
  const [row] = await db.all<{ data: string }>(sql`select data from outbox where seq = ${seq}`);
  return row ? (JSON.parse(row.data) as Record<string, unknown>) : { ...data, top };
}
