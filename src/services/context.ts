import { createDatabase, type Database } from "../db/client";
import { coalescingClient } from "../db/read-batches";
import type { Actor } from "./access";

/** What every use case receives: the request's database, who is asking, and the clock. */
export interface ServiceContext {
  db: Database;
  actor: Actor;
  clock: () => Date;
  /**
   * Where the request comes from (its address, IPv6 per /64), for limits that stop a failing
   * source only (wrong seat codes); absent outside a request.
   */
  source?: string;
}

/** Who to record in audit rows and result revisions. */
export function actorClientId(ctx: ServiceContext): string {
  return ctx.actor.kind === "client" ? ctx.actor.clientId : "anonymous";
}

/**
 * The same context with every read it sends coalesced into one batch per wave (db/read-batches.ts),
 * for read-only work that reads for many parents at once (GraphQL's resolvers, the rankings of a
 * series or a player's history): its round trips do not grow with the parents. Reads only.
 */
export function withCoalescedDatabase(ctx: ServiceContext): ServiceContext {
  return { ...ctx, db: createDatabase(coalescingClient(ctx.db.$client)) };
}
