/**
 * A migrated in-memory database whose client can pause one write batch: `pauseBefore` runs
 * `interleave` (another request, to completion) just before the first batch whose SQL matches
 * `writes` is sent, then lets that batch go. Races between two requests become deterministic.
 */
import { type Client, createClient, type InStatement } from "@libsql/client";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { createOrgClient } from "./auth";
import { createTestApp } from "./test-app";
import { tournament } from "./tournament";
import { jsonRequest } from "./workflow";

export interface Pause {
  writes: RegExp;
  interleave: () => Promise<void>;
}

export async function pausableDatabase() {
  const raw = createClient({ url: ":memory:" });
  let pause: Pause | null = null;
  const client = new Proxy(raw, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop !== "batch") return value.bind(target);
      return async (statements: InStatement[], ...rest: unknown[]) => {
        const sqlOf = (s: InStatement) => (typeof s === "string" ? s : s.sql);
        const armed = pause;
        if (armed && statements.some((s) => armed.writes.test(sqlOf(s)))) {
          pause = null;
          await armed.interleave();
        }
        return value.apply(target, [statements, ...rest]);
      };
    },
  }) as Client;
  const db = createDatabase(client);
  await migrateDatabase(db);
  return { db, pauseBefore: (p: Pause) => (pause = p) };
}

async function pausableApp() {
  const pausable = await pausableDatabase();
  const { app, db, logger } = await createTestApp({ storage: { db: pausable.db } });
  return { app, db, logger, pauseBefore: pausable.pauseBefore };
}

async function storeTournament(
  base: Awaited<ReturnType<typeof pausableApp>>,
  storeName: string,
  players: number,
  parentOrgId?: string,
) {
  const store = await createOrgClient(base.app, base.db, {
    name: storeName,
    ...(parentOrgId ? { parentOrgId } : {}),
  });
  const api = jsonRequest(base.app, store.auth);
  const t = await tournament(api, store.orgId, players);
  return { db: base.db, logger: base.logger, store, api, t, pauseBefore: base.pauseBefore };
}

/**
 * `first` runs up to its commit (its batch matching `writes`); `second` then runs up to its own
 * commit; `first` commits, then `second`. So `second` read before `first` committed, and commits
 * after it, while `first` began before `second` read. Answers both.
 */
export async function commitInTurn<A, B>(
  pauseBefore: (p: Pause) => void,
  first: { writes: RegExp; send: () => Promise<A> },
  second: { writes: RegExp; send: () => Promise<B> },
): Promise<[A, B]> {
  let firstCommitted!: () => void;
  const committed = new Promise<void>((resolve) => (firstCommitted = resolve));
  let secondRead!: () => void;
  const read = new Promise<void>((resolve) => (secondRead = resolve));
  let sending!: Promise<B>;
  pauseBefore({
    writes: first.writes,
    interleave: async () => {
      pauseBefore({
        writes: second.writes,
        interleave: async () => {
          secondRead();
          await committed;
        },
      });
      sending = second.send();
      await read;
    },
  });
  const answer = await first.send();
  firstCommitted();
  return [answer, await sending];
}

/** The usual start of a race test: a store's tournament of `players` on a pausable database. */
export async function pausableTournament(storeName: string, players: number) {
  return storeTournament(await pausableApp(), storeName, players);
}

/** The same, the store a member of a federation (which runs a programme it can exclude from). */
export async function pausableFederationTournament(players: number) {
  const base = await pausableApp();
  const fed = await createOrgClient(base.app, base.db, { name: "Federation", kind: "federation" });
  return {
    fed,
    fedApi: jsonRequest(base.app, fed.auth),
    ...(await storeTournament(base, "Store", players, fed.orgId)),
  };
}
