/**
 * Compare-and-set for a batch computed from earlier reads. A libSQL batch is one transaction, so
 * an insert into `write_preconditions` at its start, whose `holds` re-checks what the batch was
 * computed from, aborts the whole batch when that changed in between (the table's trigger raises
 * `stale_read`) and leaves nothing behind when it did not. Optimistic, like If-Match: the loser of
 * a race finds out at commit and answers 409, and nothing is locked while it computes.
 */
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";
import { guardRaisedByDatabase } from "./errors";
import {
  disqualifications,
  events,
  programmeExclusions,
  rounds,
  seats,
  tableResults,
  writePreconditions,
} from "./schema";

/**
 * Holds while the event's results and roster are at the versions read (the versions every ranking
 * is computed from, migration 0008): no result, correction, disqualification, registration or
 * withdrawal committed since.
 */
export function rankingInputsUnchanged(
  db: Database,
  event: Pick<typeof events.$inferSelect, "id" | "resultsVersion" | "rosterVersion">,
) {
  return precondition(
    db,
    `ranking inputs of event ${event.id}`,
    sql`exists (select 1 from ${events} where ${and(
      eq(events.id, event.id),
      eq(events.resultsVersion, event.resultsVersion),
      eq(events.rosterVersion, event.rosterVersion),
    )})`,
  );
}

/**
 * Holds while the table's seats are the players read, no more and no fewer: a player merge
 * committed since renames a seat, and a result computed from the old seats would name a player
 * who no longer exists and leave the renamed seat unscored.
 */
export function seatsUnchanged(db: Database, tableId: string, playerIds: readonly string[]) {
  return precondition(
    db,
    `seats of table ${tableId}`,
    sql`(select count(*) from ${seats} where ${eq(seats.tableId, tableId)}) = ${playerIds.length}
      and (select count(*) from ${seats} where ${eq(seats.tableId, tableId)}
        and ${seats.playerId} in (select value from json_each(${JSON.stringify(playerIds)}))) = ${playerIds.length}`,
  );
}

/**
 * Holds while the players have as many disqualifications in the event as read: a sheet is scored
 * with its players' disqualifications (the one recorded at its table places that player last).
 */
export function disqualificationsUnchanged(
  db: Database,
  eventId: string,
  playerIds: readonly string[],
  disqualified: number,
) {
  return precondition(
    db,
    `disqualifications of ${playerIds.join(", ")}`,
    sql`(select count(*) from ${disqualifications} where ${and(
      eq(disqualifications.eventId, eventId),
      inArray(disqualifications.playerId, [...playerIds]),
    )}) = ${disqualified}`,
  );
}

/**
 * Holds while the table has no result and the same number of its players have chosen their
 * turn order, chair and colour (docs/rules.md#choices): choices only ever add up, in rank order,
 * so an unchanged count means nobody chose in between.
 */
export function choicesUnchanged(db: Database, tableId: string, chosen: number) {
  return precondition(
    db,
    `choices at table ${tableId}`,
    sql`(select count(*) from ${seats} where ${and(eq(seats.tableId, tableId), isNotNull(seats.chosenAt))}) = ${chosen}
      and not exists (select 1 from ${tableResults} where ${eq(tableResults.tableId, tableId)})`,
  );
}

/** Holds while the table's result is not final: a finished game is no longer timed. */
export function resultNotFinal(db: Database, tableId: string) {
  return precondition(
    db,
    `result of table ${tableId} not final`,
    sql`not exists (select 1 from ${tableResults} where ${and(eq(tableResults.tableId, tableId), eq(tableResults.status, "final"))})`,
  );
}

/**
 * Holds while the players have no exclusion from a programme of `orgIds` but those read (`seen`,
 * by id). Ids, not times: an exclusion's request may begin before the read and commit after it.
 */
export function noExclusionUnseen(
  db: Database,
  playerIds: readonly string[],
  orgIds: readonly string[],
  seen: readonly string[],
) {
  return precondition(
    db,
    `no exclusion of ${playerIds.join(", ")} but those read`,
    sql`not exists (select 1 from ${programmeExclusions} where ${and(
      inArray(programmeExclusions.playerId, [...playerIds]),
      inArray(programmeExclusions.orgId, [...orgIds]),
      isNull(programmeExclusions.liftedAt),
    )} and ${programmeExclusions.id} not in (select value from json_each(${JSON.stringify(seen)})))`,
  );
}

/** Holds while no game of the session is seated: check-in and registration close with game 1. */
export function sessionNotSeated(db: Database, sessionId: string) {
  return precondition(
    db,
    `session ${sessionId} not seated`,
    sql`not exists (select 1 from ${rounds} where ${eq(rounds.sessionId, sessionId)})`,
  );
}

/**
 * Commits a batch that carries preconditions. When one no longer held, nothing was written and the
 * service's own refusal (its 409) is thrown instead; any other failure is rethrown as it is.
 */
export async function commitChecked<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(
  db: Database,
  statements: T,
  refused: () => Error | Promise<Error>,
) {
  try {
    return await db.batch(statements);
  } catch (error) {
    if (guardRaisedByDatabase(error) === "stale_read") throw await refused();
    throw error;
  }
}

/** Any other condition a batch was computed from (`holds`: an SQL boolean re-checked at commit). */
export function precondition(db: Database, what: string, holds: SQL) {
  return db.insert(writePreconditions).values({ holds, what });
}
