import type { Database, ReadConnection } from "../db/client";
import type { Actor } from "./access";
import type { LotMemo } from "./standings/lots";

/** What every use case receives: the request's database, who is asking, and the clock. */
export interface ServiceContext {
  db: Database;
  actor: Actor;
  clock: () => Date;
  /** The app instance's memo of computed lots (rankings); without one every lot is hashed. */
  lots?: LotMemo;
  /**
   * Where hot read-only queries outside any transaction may run instead of `db` (Node on a
   * local file: db/local-reads.ts); without it they run on `db`.
   */
  reads?: ReadConnection;
}

/** Who to record in audit rows and result revisions. */
export function actorClientId(ctx: ServiceContext): string {
  return ctx.actor.kind === "client" ? ctx.actor.clientId : "anonymous";
}
