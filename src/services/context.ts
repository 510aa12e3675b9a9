import { createDatabase, type Database } from "../db/client";
import { coalescedReadBatches, coalescingClient, type ReadBatch } from "../db/read-batches";
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
  /**
   * Where ranking reads send their batch: set by services that rank many events at once
   * (db/read-batches.ts), so that all of them share one round trip; else `db`'s client.
   */
  readBatch?: ReadBatch;
}

/** Who to record in audit rows and result revisions. */
export function actorClientId(ctx: ServiceContext): string {
  return ctx.actor.kind === "client" ? ctx.actor.clientId : "anonymous";
}

/** The same context with its ranking reads coalesced into one batch per wave. */
export function withCoalescedReads(ctx: ServiceContext): ServiceContext {
  return { ...ctx, readBatch: coalescedReadBatches(ctx.db.$client) };
}

/**
 * The same context with every read it sends coalesced into one batch per wave (db/read-batches.ts),
 * for a read-only caller whose resolvers each read for one parent (GraphQL). Reads only.
 */
export function withCoalescedDatabase(ctx: ServiceContext): ServiceContext {
  return { ...ctx, db: createDatabase(coalescingClient(ctx.db.$client)) };
}
