import type { Sample } from "./round-trip-scenario";

/**
 * How many serial database round trips each operation may cost: what its latency is made of when
 * the database is Turso, 20–100 ms away. Round trips sent concurrently count once.
 *
 * The budgets are built from a few parts:
 * - TOKEN: an authenticated request checks its client is not revoked (one primary-key read, so
 *   revocation takes effect at once);
 * - a scope read: the resource with its event and organisation ancestry, in one query;
 * - the operation's own reads, sent together (`Promise.all` or one read batch);
 * - one write batch (`db.batch`: atomic, one round trip over HTTP).
 */
const TOKEN = 1;
/** A read: the scope, then the data. */
const READ = TOKEN + 2;
/** A write: scope, the reads its rules need, one atomic batch (which returns what it wrote). */
const WRITE = TOKEN + 3;
/** Seating: scope, the state it seats from (rounds, registrations, avoid pairs) in one wave, the write batch, the seated rounds with their quality. */
const SEATING = TOKEN + 4;
/** Playoff seating ranks the qualification too, which needs the unique participant count first. */
const PLAYOFF_SEATING = SEATING + 1;

export const ROUND_TRIP_BUDGETS: Record<string, number> = {
  getHealth: 2,
  /** A page from the in-memory catalogue: no database. */
  getProblemPage: 0,
  /** Built from the request and the scope list: no database. */
  getAuthorizationServerMetadata: 0,
  createAccessToken: 2,
  createOrganization: WRITE,
  getOrganization: READ,
  // The ancestry, the organisation, then the change with its audit row.
  updateOrganization: WRITE,
  listChildOrganizations: READ,
  createApiClient: WRITE,
  listApiClients: READ,
  getApiClient: READ,
  revokeApiClient: WRITE,
  setApiClientRateLimit: WRITE,
  // The organisation's row (its existence), then the code and its audit row in one batch.
  createDevicePairing: WRITE,
  // No token: the code's row, then one batch (the code spent, the device's client, its session, audit).
  redeemPairingCode: 2,
  // The cookie's session with its client (as TOKEN), then the session's row for the answer.
  getCurrentDeviceSession: TOKEN + 1,
  endCurrentDeviceSession: TOKEN + 2,
  listDeviceSessions: READ,
  revokeDeviceSession: WRITE,
  createPlayer: WRITE,
  listPlayers: READ,
  getPlayer: READ,
  updatePlayer: WRITE,
  // Both players with their ancestry, then every conflict and count in one batch, then the batch.
  mergePlayer: WRITE,
  createEvent: WRITE,
  listEvents: READ,
  getEvent: READ,
  updateEvent: WRITE,
  addStaff: WRITE,
  listStaff: READ,
  // The event's scope, the staff row, then the removal with its audit row and the staff left.
  removeStaff: WRITE,
  addAvoidPair: WRITE,
  listAvoidPairs: READ,
  createSession: WRITE,
  listSessions: READ,
  getSession: READ,
  // The session with its event's scope, then one batch: the change, its audit row, the session read back.
  updateSession: WRITE,
  registerPlayers: WRITE,
  listRegistrations: READ,
  // Every page of the roster (one for a session of up to 500 players), then the session's event.
  listRegistrationsCsv: READ + 1,
  unregisterPlayer: WRITE,
  checkInPlayers: WRITE,
  undoCheckIn: WRITE,
  // Like seating: the session's attendance and seated games in one wave, one batch that records
  // the drop and re-seats every later unplayed game, then those games with their quality.
  dropPlayer: SEATING,
  getSessionStandings: READ,
  getSessionStandingsCsv: READ,
  getQualification: READ,
  getQualificationCsv: READ,
  getEventStandings: READ,
  getEventStandingsCsv: READ,
  getTable: READ,
  submitResult: WRITE,
  // Staff: token, table, write, the table read back. A player's seat code: the table and the
  // seat's recent wrong codes read together, the write, the table read back (no token).
  confirmResult: WRITE,
  disputeResult: WRITE,
  finalizeResult: WRITE,
  // A write that also re-seats the session's later games: their state is read in one wave once
  // the table's scope names the session (docs/rules.md#disqualification).
  disqualifyPlayer: WRITE + 1,
  correctResult: WRITE,
  // The table's scope, then the warning and its audit row in one batch.
  recordWarning: WRITE,
  // The player and the page of warnings in one batch.
  listPlayerWarnings: READ,
  // Token, table, one batch (the seats rewritten in the chosen order, audit, notification), the table read back.
  recordChoice: WRITE,
  switchTimerOn: WRITE,
  // The table's scope, then the waiver with its audit row; the table read back.
  waiveChoices: WRITE,
  switchTimerOff: WRITE,
  // The organisation's ancestry, then the player, a member organisation, its time zone and the
  // player's registrations in the tree in one batch, the state of each session under way (all
  // together, as a drop reads it), then the write.
  createExclusion: SEATING,
  listExclusions: READ,
  // The ancestry, the exclusion, then the write.
  liftExclusion: WRITE,
  listAudit: READ,
  createRounds: SEATING,
  listSessionRounds: READ,
  // The rounds, then the session's event for the file's name and privacy.
  listSessionRoundsCsv: READ + 1,
  getRound: READ,
  deleteRound: WRITE,
  seatSemifinals: PLAYOFF_SEATING,
  seatFinal: PLAYOFF_SEATING,
  createBoard: WRITE,
  getBoard: READ,
  getEventTags: READ,
  setEventTags: WRITE,
  createSeries: WRITE,
  listSeries: READ,
  getSeries: READ,
  updateSeries: WRITE,
  // The series' scope, the selected events, then every event's final standings in one batch,
  // however many events.
  getSeriesStandings: READ + 1,
  getSeriesStandingsCsv: READ + 1,
  // The tree's scope and fingerprint in one batch, then every final game of the tree in one batch.
  getOrgRatings: READ,
  getOrgRatingsCsv: READ,
  // The player (to find their tree) first, then the same as the tree's ratings.
  getPlayerRating: READ + 1,
  // The player, their events with registrations, series and tags in one batch, then every
  // event's and session's ranking in one wave, however many events.
  getPlayerHistory: READ + 1,
  // Until the first message: the event's scope and the first poll of its results version.
  streamEventChanges: 2,
  watchEventLive: 2,
  createWebhook: WRITE,
  listWebhooks: READ,
  getWebhook: READ,
  updateWebhook: WRITE,
  deleteWebhook: WRITE,
  rotateWebhookSecret: WRITE,
  listWebhookDeliveries: READ,
  redeliverWebhook: WRITE,
  // Resumed from Last-Event-ID by the tree's first watcher: the scope, the shared reader's start
  // (the outbox's end), then the rows the watcher missed.
  streamOrgChanges: READ + 1,
  // The event's scope, then its sessions.
  getEventCalendar: READ,
  // The player and their sessions with each event's scope, in one batch.
  getPlayerCalendar: TOKEN + 1,
  // The link by its secret's hash, then the player's feed.
  getSecretCalendar: 2,
  // The player and the caller's organisation in one batch, then the write batch.
  createCalendarLink: TOKEN + 2,
  listCalendarLinks: READ,
  revokeCalendarLink: WRITE,
  // The organisation's scope and the event's, then the insert.
  createDiscordSetupCode: WRITE,
  listDiscordGuilds: READ,
  unlinkDiscordGuild: WRITE,
  listDiscordLinkRequests: READ,
  approveDiscordLinkRequest: WRITE,
  rejectDiscordLinkRequest: WRITE,
  /** A redirect built from the configuration: no database. */
  installDiscordApplication: 0,
  // Inline answers (a deferred one's work runs after the response): no token, and nothing read
  // before the signature checks out; the server's link, then the command's own work. The
  // costliest here is /setup: its code, the write batch, then the names it answers with.
  receiveDiscordInteraction: 4,
  // Streamed in pages (500 events, then their sessions and results): one round trip per page.
  exportOrganization: TOKEN + 7,
  // One round trip per level of the query (event → sessions → standings), loaders batch the rest.
  graphql: 5,
  graphqlGet: 5,
};

export interface RoundTripRow {
  operationId: string;
  requests: number;
  /** The most serial round trips one request of this operation took. */
  serial: number;
  /** The most round trips in all (concurrent ones each counted). */
  total: number;
  budget: number | undefined;
}

/** One row per operation, in the order the scenario first took them. */
export function roundTripTable(samples: readonly Sample[]): RoundTripRow[] {
  const rows = new Map<string, RoundTripRow>();
  for (const s of samples) {
    const row = rows.get(s.operationId) ?? {
      operationId: s.operationId,
      requests: 0,
      serial: 0,
      total: 0,
      budget: ROUND_TRIP_BUDGETS[s.operationId],
    };
    row.requests++;
    row.serial = Math.max(row.serial, s.serialRoundTrips);
    row.total = Math.max(row.total, s.roundTrips);
    rows.set(s.operationId, row);
  }
  return [...rows.values()];
}
