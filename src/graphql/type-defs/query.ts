const PAGE_ARGS = /* GraphQL */ `
    "Page size going forward: 1–500 (REST ?limit=); 50 when neither first nor last is given."
    first: Int
    "The endCursor of the previous page (REST ?cursor=); omitted: the first page."
    after: String
    "Page size going backward: the last items (before \`before\`, else of the whole list), still in list order."
    last: Int
    "The startCursor of the page after: the items just before it (with last)."
    before: String
`;

/** A Relay cursor connection of `type` and its edge type; `item` is its noun, after the article `an`. */
const connectionTypeDefs = (
  type: string,
  item: string,
  an: "A" | "An",
) => /* GraphQL */ `"A page of ${item}s."
  type ${type}Connection {
    "The ${item}s of this page with their cursors."
    edges: [${type}Edge!]!
    "The ${item}s of this page."
    nodes: [${type}!]!
    "Where this page ends."
    pageInfo: PageInfo!
    "How many ${item}s the whole list holds, every page (counted only when asked for)."
    totalCount: Int!
  }

  "${an} ${item} and its cursor."
  type ${type}Edge {
    "Pass as after to continue after this ${item}."
    cursor: String!
    "The ${item}."
    node: ${type}!
  }`;

/** The root: single reads by id, list and search roots as cursor connections. */
export const queryTypeDefs = /* GraphQL */ `
  "Read-only view of the same data as the REST API: one query can fetch an event, its sessions, rounds, tables and seats, and its rankings. Errors carry the REST problem code in extensions.code."
  type Query {
    "An event by id (REST: GET /v1/events/{eventId}); public events need no token."
    event("Event id." id: ID!): Event
    "Events of an organisation (and of its descendants on request), oldest first (REST: GET /v1/orgs/{orgId}/events). Needs a token."
    events(
      "The organisation."
      orgId: ID!
      "Only events in this phase."
      phase: EventPhase
      "Also the events of the organisation's descendants."
      includeDescendants: Boolean = false
      ${PAGE_ARGS}
    ): EventConnection!
    "A session by id (REST: GET /v1/sessions/{sessionId})."
    session("Session id." id: ID!): Session
    "A table by id, with seats and result (REST: GET /v1/tables/{tableId})."
    table("Table id." id: ID!): Table
    "A round by id (REST: GET /v1/rounds/{roundId})."
    round("Round id." id: ID!): Round
    "A player by id (REST: GET /v1/players/{playerId}): only the player's organisation and its ancestors may read it."
    player("Player id." id: ID!): Player
    "Players of an organisation, searchable by name, membership number or Discord id; oldest first (REST: GET /v1/orgs/{orgId}/players). Only the organisation and its ancestors may search it, so membership numbers stay in the player's own tree."
    players(
      "The organisation."
      orgId: ID!
      "Part of the name (accents and case ignored), or an exact membership number."
      search: String
      "Exact federation membership number."
      externalId: String
      "Exact Discord user id."
      discordId: String
      "Also the players of the organisation's descendants."
      includeDescendants: Boolean = false
      ${PAGE_ARGS}
    ): PlayerConnection!
    "The player with this Discord user id in the organisation or below it (a bot's lookup); null when none."
    playerByDiscordId("The organisation whose tree is searched." orgId: ID!, "Discord user id." discordId: String!): Player
    "The player with this federation membership number in the organisation or below it; null when none."
    playerByExternalId("The organisation whose tree is searched." orgId: ID!, "Membership number." externalId: String!): Player
    "A player's warnings (rules 2.0.3, 3.0.15) in the events of your organisation and its descendants, oldest first (REST: GET /v1/players/{playerId}/warnings). Never public: roles owner, organizer, referee."
    playerWarnings(
      "The player."
      playerId: ID!
      ${PAGE_ARGS}
    ): WarningConnection!
    "Series standings (circuit): the same body as GET /v1/series/{id}/standings."
    seriesStandings("Series id." id: ID!): SeriesStandings
    "openskill ratings of an organisation tree: the same body as GET /v1/orgs/{orgId}/ratings."
    ratings("The organisation." orgId: ID!, "Leave out players with fewer rated games." minGames: Int = 0): Ratings
  }

  "Where a page of a connection starts and ends (Relay cursor connections)."
  type PageInfo {
    "True when another page follows: pass endCursor as after."
    hasNextPage: Boolean!
    "True when items come before this page: pass startCursor as before, with last."
    hasPreviousPage: Boolean!
    "The cursor of the first edge of this page; null on an empty page."
    startCursor: String
    "The cursor of the last edge of this page; null on an empty page."
    endCursor: String
  }

  ${connectionTypeDefs("Event", "event", "An")}

  ${connectionTypeDefs("Warning", "warning", "A")}

  "A referee's warning to a player at a table (rules 2.0.3, 3.0.15; docs/rules.md#sanctions)."
  type Warning {
    "Warning id."
    id: ID!
    "The event it was recorded in."
    eventId: ID!
    "The table where the player was warned."
    tableId: ID!
    "The round of that table."
    roundId: ID!
    "The player warned."
    player: PlayerRef!
    "The rule broken, by its number (e.g. 3.0.15)."
    rule: String!
    "What happened, in the referee's words."
    note: String!
    "The API client that recorded it."
    recordedBy: String!
    "When it was recorded (ISO 8601)."
    createdAt: String!
  }

  ${connectionTypeDefs("Player", "player", "A")}
`;
