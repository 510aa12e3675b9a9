import type { Database } from "../db/client";
import type { Actor } from "./access";

/** What every use case receives: the request's database, who is asking, and the clock. */
export interface ServiceContext {
  db: Database;
  actor: Actor;
  clock: () => Date;
}

/** Who to record in audit rows and result revisions. */
export function actorClientId(ctx: ServiceContext): string {
  return ctx.actor.kind === "client" ? ctx.actor.clientId : "anonymous";
}
