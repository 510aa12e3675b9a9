/**
 * A federation with two member stores, for the series, ratings and history tests:
 *
 *   F (federation) ── A (store), B (store)
 *   players P1…P12 belong to F; events are created through the API by their store, and their
 *   results seeded (seed-results.ts) as one prelim game of 3 tables plus the final.
 *
 * `playEvent` seats `order` so that the qualification ranks are exactly
 *   order[0…9], then order[11], order[10]
 * (the last two tie on 2 VP; VP% puts the one at the 23-point table, order[11], above the one
 * at the 25-point table), and plays the final with `final` = [winner, 2nd, 3rd, 4th], who must
 * be order[0…3] in any order. Hand-computed:
 *   table 1: order[2] 10, order[3] 9, order[6] 6, order[9]  3   (total 28)
 *   table 2: order[1] 10, order[4] 8, order[7] 5, order[10] 2   (total 25)
 *   table 3: order[0] 10, order[5] 7, order[8] 4, order[11] 2   (total 23)
 */
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "./auth";
import { type Seeder, seeder } from "./seed-results";
import { jsonRequest } from "./workflow";

export interface Federation {
  fed: OrgClient;
  storeA: OrgClient;
  storeB: OrgClient;
  seedA: Seeder;
  seedB: Seeder;
  /** P1…P12 (index 0 is P1). */
  players: string[];
}

export async function createFederation(app: App, db: Database): Promise<Federation> {
  const fed = await createOrgClient(app, db, { name: "Federation", kind: "federation" });
  const storeA = await createOrgClient(app, db, { name: "Store A", parentOrgId: fed.orgId });
  const storeB = await createOrgClient(app, db, { name: "Store B", parentOrgId: fed.orgId });
  const players = await seeder(db, fed.orgId).players(Array.from({ length: 12 }, (_, i) => `P${i + 1}`));
  return { fed, storeA, storeB, seedA: seeder(db, storeA.orgId), seedB: seeder(db, storeB.orgId), players };
}

/** An event of `store`, created through the API (owner token). */
export async function createEvent(
  app: App,
  store: OrgClient,
  opts: { name: string; startsOn: string; visibility?: "public" | "private"; tags?: string[] },
): Promise<string> {
  const api = jsonRequest(app, store.auth);
  const res = await api.post(`/v1/orgs/${store.orgId}/events`, {
    name: opts.name,
    startsOn: opts.startsOn,
    visibility: opts.visibility ?? "public",
  });
  if (res.status !== 201) throw new Error(`event: ${res.status} ${res.text}`);
  if (opts.tags) {
    const tagged = await api.put(`/v1/events/${res.body.id}/tags`, { tags: opts.tags });
    if (tagged.status !== 200) throw new Error(`tags: ${tagged.status} ${tagged.text}`);
  }
  return res.body.id as string;
}

/** One prelim game (12 players, 3 tables) and the final; see the file comment for the order. */
export async function playEvent(
  seed: Seeder,
  eventId: string,
  order: readonly string[],
  final: readonly string[],
): Promise<{ tableIds: string[]; finalTableId: string }> {
  const o = order;
  const session = await seed.session(eventId, o);
  const { tableIds } = await seed.round(eventId, {
    sessionId: session,
    number: 1,
    tables: [
      { players: [o[2]!, o[3]!, o[6]!, o[9]!], vp: [10, 9, 6, 3] },
      { players: [o[1]!, o[4]!, o[7]!, o[10]!], vp: [10, 8, 5, 2] },
      { players: [o[0]!, o[5]!, o[8]!, o[11]!], vp: [10, 7, 4, 2] },
    ],
  });
  const { tableIds: finals } = await seed.round(eventId, {
    kind: "final",
    tables: [{ players: [...final], vp: [10, 8, 6, 4] }],
  });
  return { tableIds, finalTableId: finals[0]! };
}

/** The qualification order `playEvent` produces (the last two swapped, see above). */
export function qualificationOrder(order: readonly string[]): string[] {
  return [...order.slice(0, 10), order[11]!, order[10]!];
}

export type SeasonEvents = Record<"E1" | "E2" | "E3" | "E4", string>;

/**
 * The hand-computed season of the series and history tests, all tagged `national-2026`:
 * E1 (store A, March), E2 (store B, April), E3 (store B, May, private) in the season's date
 * range, and E4 (store A, January 2027) after it, each played by `playEvent` in its own order.
 */
export async function playSeason(app: App, f: Federation): Promise<SeasonEvents> {
  const p = (...n: number[]) => n.map((i) => f.players[i - 1]!);
  const tags = ["national-2026"];
  const evt: SeasonEvents = {
    E1: await createEvent(app, f.storeA, { name: "E1", startsOn: "2026-03-01", tags }),
    E2: await createEvent(app, f.storeB, { name: "E2", startsOn: "2026-04-01", tags }),
    E3: await createEvent(app, f.storeB, { name: "E3", startsOn: "2026-05-01", visibility: "private", tags }),
    // Tagged, but after the season's date range: never in the series.
    E4: await createEvent(app, f.storeA, { name: "E4", startsOn: "2027-01-10", tags }),
  };
  await playEvent(f.seedA, evt.E1, p(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), p(1, 2, 3, 4));
  await playEvent(f.seedB, evt.E2, p(2, 1, 5, 3, 4, 6, 7, 8, 9, 10, 11, 12), p(2, 5, 1, 3));
  await playEvent(f.seedB, evt.E3, p(5, 6, 1, 2, 3, 4, 7, 8, 9, 10, 11, 12), p(5, 6, 1, 2));
  await playEvent(f.seedA, evt.E4, p(12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1), p(12, 11, 10, 9));
  return evt;
}
