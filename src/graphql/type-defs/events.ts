/** Events, sessions, rounds, tables and players: the words of the REST document's descriptions. */
export const eventTypeDefs = /* GraphQL */ `
  "A tournament of an organisation: prelim sessions, then the semifinals and the final (REST: GET /v1/events/{eventId})."
  type Event {
    "Event id."
    id: ID!
    "The organisation running the event."
    orgId: ID!
    "Display name."
    name: String!
    "RULES_2026 (tiebreaks wins, VP, VP%, 2nds, 3rds, lots) or LEGACY (wins, VP, VP%, lots)."
    ruleset: Ruleset!
    "PUBLIC events are readable without a token; PRIVATE ones only by the organisation tree."
    visibility: Visibility!
    "Public seed of the lots: lot = first 16 hex digits of SHA-256(\\"<lotSeed>:<playerId>\\"), lower ranks higher."
    lotSeed: String!
    "First day (YYYY-MM-DD), if set."
    startsOn: String
    "IANA time zone of the event, if set (a session's is timeZone too)."
    timeZone: String
    "The old spelling of timeZone."
    timezone: String @deprecated(reason: "Use timeZone, the spelling sessions use; may be removed after 2027-06-04.")
    "Where it is played, if set."
    venue: String
    "The CATAN edition every game uses (rule 1.1.2), if stated."
    edition: String
    "The tournament language (rule 1.1.1), a BCP 47 tag, if stated."
    language: String
    "Derived from rounds and results."
    phase: EventPhase!
    "N of rule 1.2.2: unique players over all prelim sessions."
    uniqueParticipants: Int!
    "The playoff structure that follows from N."
    structure: EventStructure!
    "16 to the semifinals, or 4 to the final when N is 12–28."
    qualifierCount: Int!
    "False under 12 competitors (rule 1.1.3): the event runs but does not count."
    valid: Boolean!
    "Why the event is not valid (rule 1.1.3), and warnings that leave it valid: until a referee is named (rule 1.3.1), one saying so and how to name one. Empty when valid with a referee."
    validity: [String!]!
    "Increases on every result change; the ETag of the rankings."
    resultsVersion: Int!
    "The event's prelim sessions, by date."
    sessions: [Session!]!
    "Best single session per player over all sessions; qualified marks the top 16 (top 4 for 12–28 players)."
    qualification: Qualification!
    "Final event standings (rule 1.4.4) once playoffs have results; the prelim order before."
    standings: EventStandings!
  }

  "A prelim session of an event: its players, its rounds (games) and its standings."
  type Session {
    "Session id."
    id: ID!
    "The event the session belongs to."
    eventId: ID!
    "Display name."
    name: String!
    "Day of play (YYYY-MM-DD), if set."
    date: String
    "Local start, YYYY-MM-DDTHH:mm, in timeZone, if set."
    startsAt: String
    "IANA time zone where the session is played, if set."
    timeZone: String
    "The instant startsAt names in timeZone (ISO 8601, UTC), if set."
    startsAtUtc: String
    "Where it is played, if set."
    venue: String
    "The organisation running the session (null: the event's)."
    hostOrgId: ID
    "Registered players."
    playerCount: Int!
    "3, or 4 (with the zero-win cut after game 3) when the session has 80+ players."
    gamesPlanned: Int!
    "Rounds seated so far."
    roundsGenerated: Int!
    "The roster: every registration with its state."
    players: [Registration!]!
    "The session's rounds, game 1 first."
    rounds: [Round!]!
    "Session standings (rule 1.4.2)."
    standings: SessionStandings!
  }

  "A game played by every table at once: a prelim game, the semifinals or the final."
  type Round {
    "Round id."
    id: ID!
    "The event the round belongs to."
    eventId: ID!
    "Null for the semifinals and the final."
    sessionId: ID
    "Prelim game, semifinals or final."
    kind: GamePhase!
    "Game number in the session (1 for playoffs)."
    number: Int!
    "How the round was seated."
    method: SeatingMethod!
    "Seed of a generated seating."
    seed: String
    "The round's tables and who sits where."
    tables: [RoundTable!]!
    "Rule 1.1.6 quality of the seating."
    quality: SeatingQuality!
  }

  "A table of a round as seated (its result: details)."
  type RoundTable {
    "Table id."
    id: ID!
    "Table number in the round."
    number: Int!
    "Who sits where."
    seats: [RoundSeat!]!
    "The full table with VP, placements and the result."
    details: Table!
  }

  "A seat of a round's table."
  type RoundSeat {
    "1–4. Prelim games 1–3: the turn order. Snake-seated games (game 4, semifinals, final): the rank order at the table; players choose turn order by rank."
    position: Int!
    "The rank that placed the player here (snake-seated games); null in generated and hand-made seatings."
    seedRank: Int
    "Snake-seated games: the chair chosen (numbered clockwise); null until the player chooses."
    chair: Int
    "Snake-seated games: the colour chosen; null until the player chooses."
    colour: Colour
    "Who sits here."
    player: PlayerRef!
  }

  "Rule 1.1.6 quality of the seating (for a prelim round: the session up to this round)."
  type SeatingQuality {
    "Sum over player pairs of (meetings − 1): 0 means nobody met an opponent twice (rule 1.1.6)."
    repeatedPairs: Int!
    "Most games one pair shared a table."
    maxMeetings: Int!
    "Players who had the same turn position in two games."
    seatRepeats: Int!
    "Avoid pairs (friends, family) seated together."
    avoidViolations: Int!
    "Most minus fewest games any player played first (0 or 1 is fair)."
    positionOneSpread: Int
    "Players seated in this round."
    playersSeated: Int
    "Prelim rounds: the session's no-shows (registered, not checked in for game 1), not seated."
    noShows: Int
    "Prelim rounds: players who dropped out before this game, not seated."
    dropped: Int
  }

  "A player's registration in a session."
  type Registration {
    "The registered player."
    player: PlayerRef!
    "REGISTERED, CHECKED_IN, NO_SHOW (not checked in when game 1 was seated), DROPPED or ELIMINATED."
    status: RegistrationStatus!
    "Cut after game 3 of an 80+ session (zero wins)."
    eliminated: Boolean!
    "Checked in before game 1 was seated."
    checkedIn: Boolean!
    "Not checked in when game 1 was seated: kept on record, not a participant."
    noShow: Boolean!
    "The last game played, if dropped."
    droppedAfterGame: Int
  }

  "A player as rankings and seatings show them: id and name only (membership numbers stay with Player)."
  type PlayerRef {
    "Stable player id, the same in every event."
    id: ID!
    "Display name."
    name: String!
  }

  "A player of an organisation. Membership numbers are shown only to the player's organisation and its ancestors."
  type Player {
    "Stable player id, the same in every event."
    id: ID!
    "The organisation the player belongs to."
    orgId: ID!
    "Display name."
    name: String!
    "Federation membership number; unique in the organisation tree."
    externalId: String
    "Discord user id (a bot's handle on the player)."
    discordId: String
  }

  "A table with its seats, VP, placements and result."
  type Table {
    "Table id."
    id: ID!
    "The round the table belongs to."
    roundId: ID!
    "The event the table belongs to."
    eventId: ID!
    "The prelim session; null for the semifinals and the final."
    sessionId: ID
    "Prelim game, semifinal or final."
    kind: GamePhase!
    "Table number in the round."
    number: Int!
    "The seats in turn order."
    seats: [Seat!]!
    "Snake-seated tables without a result: the player id who chooses turn order, chair and colour next; null otherwise."
    nextToChoose: ID
    "Timed turns switched on by a referee (rule 1.1.11); null: untimed."
    timer: TableTimer
    "The current result sheet; null before one is submitted."
    result: TableResult
  }

  "Timed turns at one table (rule 1.1.11, docs/rules.md#timers)."
  type TableTimer {
    "Seconds per turn."
    turnSeconds: Int!
    "The seated player who asked for timed turns, if one did."
    requestedBy: ID
    "When timed turns started (ISO 8601)."
    since: String!
  }

  "A seat of a table with the player's score on the current result."
  type Seat {
    "Turn order: 1 plays first."
    position: Int!
    "The rank that placed the player here (snake-seated games); null for prelim games 1–3."
    seedRank: Int
    "Who sits here."
    player: PlayerRef!
    "VP on the current result, null before one is submitted."
    vp: Int
    "1–4; equal VP share the higher place."
    placement: Int
    "This player agreed to the current scores (digital scoring)."
    confirmed: Boolean!
    "PLAYER: with their seat code from their phone; STAFF: a client confirmed on their behalf."
    confirmedVia: ConfirmedVia
    "Disqualified at this table (rule 1.3.6): placed last here. A player disqualified later, at another table, keeps the placement signed here (docs/rules.md#people-and-results)."
    disqualified: Boolean!
    "Snake-seated tables: the chair chosen (numbered clockwise); null until the player chooses."
    chair: Int
    "Snake-seated tables: the colour chosen; null until the player chooses."
    colour: Colour
    "When the player chose turn order, chair and colour (ISO 8601); null before."
    chosenAt: String
  }

  "A table's result sheet."
  type TableResult {
    "PENDING awaits confirmations; FINAL counts in the rankings and changes only by correction."
    status: ResultStatus!
    "Increases on every change; send it back in If-Match."
    version: Int!
    "The player who won the game."
    winnerId: ID!
    "What made the result final; null while pending."
    finalizedBy: FinalizedBy
    "Players who have not confirmed yet (pending only)."
    awaitingConfirmation: [ID!]!
    "When the sheet last changed (ISO 8601)."
    updatedAt: String!
  }
`;
