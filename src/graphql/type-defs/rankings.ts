const ROW_FIELDS = /* GraphQL */ `
    "Games with a final result (event standings: qualifying session plus playoff games)."
    games: Int!
    "Games won."
    wins: Int!
    "Total counted VP (at most 10 per game)."
    vp: Int!
    "VP%: sum over games of counted VP ÷ table total (3-player tables add a fictitious 4th score = the rounded average, 2026 ruleset). The exact sum rounded half up to 16 decimals; compare vpPctExact, not floats."
    vpPct: String!
    "The exact VP% as a reduced fraction num/den."
    vpPctExact: String!
    "2nd places (legacy: reported, never decides)."
    seconds: Int!
    "3rd places (legacy: reported, never decides)."
    thirds: Int!
    "Lots decided this row's place against the row above or the row below."
    decidedByLots: Boolean!
    "The session whose result this row is (in qualification: the player's best session)."
    sessionId: ID
    "Rule 1.3.6. Always true in the disqualified lists. In a session's rows, true for a player disqualified elsewhere in the event after every sheet of this session was signed: the row keeps its rank and nobody's rank here moves (rules 1.2.3, 1.3.5). Never true in the qualification's or the event standings' rows."
    disqualified: Boolean!
    "Left the row's session after droppedAfterGame: ranked on the games played (games)."
    dropped: Boolean!
    "The last game played, if dropped."
    droppedAfterGame: Int
`;

const LOT = `"First 16 hex digits of SHA-256(\\"<lotSeed>:<playerId>\\"); the lower lot ranks higher."`;

/** Rankings: session standings, qualification, event standings, series and ratings. */
export const rankingTypeDefs = /* GraphQL */ `
  "A standings row: VP% is a 16-decimal string plus the exact fraction; decidedBy is the first criterion separating the row from the next one."
  type StandingRow {
    "1, 2, 3 …: lots separate every tie; null in the disqualified lists."
    rank: Int
    "The ranked player."
    player: PlayerRef!
    ${ROW_FIELDS}
    "The first criterion of the 1.4.2 chain that separates this row from the NEXT row (null on the last row)."
    decidedBy: StandingsCriterion
    ${LOT}
    lot: String!
    "In the top 16 (top 4 when N is 12–28) of the qualification. Null in session standings: see the qualification."
    qualified: Boolean
    "Cut by the zero-win rule after game 3 of an 80+ session (in the row's session)."
    eliminated: Boolean!
  }

  "A row of the final event standings (rule 1.4.4)."
  type EventStandingRow {
    "1, 2, 3 …: lots separate every tie."
    rank: Int!
    "The ranked player."
    player: PlayerRef!
    "Furthest phase reached (semifinal winners reach FINAL before playing it)."
    phase: GamePhase!
    "The player's rank in the qualification."
    qualificationRank: Int!
    "1–4 at the semifinal table."
    semifinalPlacement: Int
    "1–4 at the final table."
    finalPlacement: Int
    ${ROW_FIELDS}
    "As in the other rankings, plus PLACEMENT (a better place at the same playoff table round) and PHASE (got further: final, then semifinal, then prelims)."
    decidedBy: EventCriterion
  }

  "Session standings (REST: GET /v1/sessions/{sessionId}/standings)."
  type SessionStandings {
    "Increases with every result change and disqualification; part of the ETag."
    resultsVersion: Int!
    "The event's ruleset."
    ruleset: Ruleset!
    "Registered but not checked in when game 1 was seated: kept on record, not participants, not ranked."
    noShows: [PlayerRef!]!
    "The ranked players, best first."
    rows: [StandingRow!]!
    "Disqualified players (rule 1.3.6), out of the ranking."
    disqualified: [StandingRow!]!
  }

  "The qualification: best single session per player (REST: GET /v1/events/{eventId}/qualification)."
  type Qualification {
    "Increases with every result change and disqualification; part of the ETag."
    resultsVersion: Int!
    "The event's ruleset."
    ruleset: Ruleset!
    "N of rule 1.2.2: unique players over all prelim sessions."
    uniqueParticipants: Int!
    "The playoff structure that follows from N."
    structure: EventStructure!
    "False under 12 competitors (rule 1.1.3)."
    valid: Boolean!
    "16, or 4 when N is 12–28."
    qualifierCount: Int!
    "The ranked players, best first."
    rows: [StandingRow!]!
    "Disqualified players (rule 1.3.6), out of the ranking."
    disqualified: [StandingRow!]!
  }

  "Final event standings (REST: GET /v1/events/{eventId}/standings)."
  type EventStandings {
    "Increases with every result change and disqualification; part of the ETag."
    resultsVersion: Int!
    "PRELIM: the qualification order; SEMIFINAL: all 4 semifinal results are in (positions 5–16 fixed); FINAL: the final result is in."
    phase: GamePhase!
    "The ranked players, best first."
    rows: [EventStandingRow!]!
    "Disqualified players (rule 1.3.6), out of the ranking."
    disqualified: [StandingRow!]!
  }

  "Series standings (circuit): the same body as GET /v1/series/{id}/standings."
  type SeriesStandings {
    "Series id."
    seriesId: ID!
    "The organisation running the series."
    orgId: ID!
    "Display name."
    name: String!
    "ALL: members of the series' organisation (or above) see private events too; PUBLIC: only public events count."
    view: View!
    "Public seed of the series' lots."
    lotSeed: String!
    "The events the series selects."
    events: [SeriesEvent!]!
    "The ranked players, best first."
    rows: [SeriesRow!]!
  }

  "An event selected by a series."
  type SeriesEvent {
    "Event id."
    id: ID!
    "The organisation running the event."
    orgId: ID!
    "Display name."
    name: String!
    "First day (YYYY-MM-DD), if set."
    startsOn: String
    "Who may read the event."
    visibility: Visibility!
    "COUNTED once the final result is in; INCONSISTENT: the event's standings answer 409 (it gives no points)."
    status: SeriesEventStatus!
    "Players ranked in the event."
    players: Int!
  }

  "A row of the series standings."
  type SeriesRow {
    "1, 2, 3 …: lots separate every tie."
    rank: Int!
    "The ranked player."
    player: PlayerRef!
    "Series points of the counted events."
    points: Int!
    "Events whose points count."
    eventsCounted: Int!
    "Events played beyond the best-of, not counted."
    eventsDropped: Int!
    "Events won."
    eventWins: Int!
    "Best final position in any event."
    bestPosition: Int!
    "What each event gave the player."
    contributions: [SeriesContribution!]!
    "The first criterion separating this row from the next (null on the last row)."
    decidedBy: SeriesCriterion
    ${LOT}
    lot: String!
    "Inside the cut; null without a cut."
    qualified: Boolean
  }

  "One event's part in a player's series points."
  type SeriesContribution {
    "Event id."
    eventId: ID!
    "Final position in the event's standings."
    position: Int!
    "Furthest phase reached in the event."
    phase: GamePhase!
    "The player's rank in the event's qualification."
    qualificationRank: Int!
    "Series points for this position."
    points: Int!
    "Among the player's best bestOf events."
    counted: Boolean!
  }

  "openskill ratings of an organisation tree: the same body as GET /v1/orgs/{orgId}/ratings."
  type Ratings {
    "The organisation tree rated."
    orgId: ID!
    "ALL: members of the organisation (or above) rate over private events too; PUBLIC: public events only."
    view: View!
    "The rating library (openskill)."
    library: String!
    "The library's version."
    libraryVersion: String!
    "The rating model (plackett-luce)."
    model: String!
    "Rows with fewer rated games are left out."
    minGames: Int!
    "Final games rated in this view."
    gamesRated: Int!
    "The rated players, best first."
    rows: [RatingRow!]!
  }

  "A player's rating."
  type RatingRow {
    "1, 2, 3 … by ordinal."
    rank: Int!
    "The rated player."
    player: PlayerRef!
    "Conservative rating mu − 3·sigma: the sort key."
    ordinal: Float!
    "Mean skill."
    mu: Float!
    "Uncertainty."
    sigma: Float!
    "Final games rated."
    games: Int!
    "The event of the player's last rated game."
    lastPlayedEventId: ID!
  }
`;
