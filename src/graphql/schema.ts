import { createSchema } from "graphql-yoga";
import type { ServiceContext } from "../services/context";
import { getEvent, getSession, listRegistrations, listSessions } from "../services/events";
import { getPlayer } from "../services/players";

import { buildRatingTable, loadRatingScope, ratingsResponse } from "../services/ratings";
import { getRound, listSessionRounds } from "../services/rounds";
import { getSeriesStandings } from "../services/series";

import type { EventStandingsDto, QualificationDto, SessionStandingsDto } from "../services/standings";
import type { TableDto } from "../services/tables";
import { resolver } from "./errors";

/** Rankings by id, authorised per read; the HTTP layer serves them from its response cache. */
export interface RankingsSource {
  session: (sessionId: string) => Promise<SessionStandingsDto>;
  qualification: (eventId: string) => Promise<QualificationDto>;
  event: (eventId: string) => Promise<EventStandingsDto>;
}

export interface GraphQLContext {
  services: ServiceContext;
  /** getTable, batched per request: a query's tables come in one round trip. */
  table: (id: string) => Promise<TableDto>;
  /** Memoised per request: an event's standings asked for twice are ranked once. */
  rankings: RankingsSource;
  /** performance.now() after which resolvers refuse to start more work. */
  deadline: number;
}

type Parent = { id: string };
type Args = { id: string };

const typeDefs = /* GraphQL */ `
  "Read-only view of the same data as the REST API: one query can fetch an event, its sessions, rounds, tables and seats, and its rankings."
  type Query {
    event(id: ID!): Event
    session(id: ID!): Session
    table(id: ID!): Table
    round(id: ID!): Round
    player(id: ID!): Player
    "Series standings (circuit): the same body as GET /v1/series/{id}/standings."
    seriesStandings(id: ID!): SeriesStandings
    "openskill ratings of an organisation tree: the same body as GET /v1/orgs/{orgId}/ratings."
    ratings(orgId: ID!, minGames: Int = 0): Ratings
  }

  type SeriesStandings {
    seriesId: ID!
    orgId: ID!
    name: String!
    view: String!
    lotSeed: String!
    events: [SeriesEvent!]!
    rows: [SeriesRow!]!
  }

  type SeriesEvent {
    id: ID!
    orgId: ID!
    name: String!
    startsOn: String
    visibility: String!
    status: String!
    players: Int!
  }

  type SeriesRow {
    rank: Int!
    player: PlayerRef!
    points: Int!
    eventsCounted: Int!
    eventsDropped: Int!
    eventWins: Int!
    bestPosition: Int!
    contributions: [SeriesContribution!]!
    decidedBy: String
    lot: String!
    qualified: Boolean
  }

  type SeriesContribution {
    eventId: ID!
    position: Int!
    phase: String!
    qualificationRank: Int!
    points: Int!
    counted: Boolean!
  }

  type Ratings {
    orgId: ID!
    view: String!
    library: String!
    libraryVersion: String!
    model: String!
    minGames: Int!
    gamesRated: Int!
    rows: [RatingRow!]!
  }

  type RatingRow {
    rank: Int!
    player: PlayerRef!
    ordinal: Float!
    mu: Float!
    sigma: Float!
    games: Int!
    lastPlayedEventId: ID!
  }

  type Event {
    id: ID!
    orgId: ID!
    name: String!
    ruleset: String!
    visibility: String!
    lotSeed: String!
    startsOn: String
    timezone: String
    venue: String
    phase: String!
    uniqueParticipants: Int!
    structure: String!
    qualifierCount: Int!
    valid: Boolean!
    validity: [String!]!
    resultsVersion: Int!
    sessions: [Session!]!
    "Best single session per player over all sessions; qualified marks the top 16 (top 4 for 12–28 players)."
    qualification: Qualification!
    "Final event standings (rule 1.4.4) once playoffs have results; the prelim order before."
    standings: EventStandings!
  }

  "A standings row: VP% is a 16-decimal string plus the exact fraction; decidedBy is the first criterion separating the row from the next one."
  type StandingRow {
    rank: Int
    player: PlayerRef!
    games: Int!
    wins: Int!
    vp: Int!
    vpPct: String!
    vpPctExact: String!
    seconds: Int!
    thirds: Int!
    decidedBy: String
    decidedByLots: Boolean!
    lot: String!
    sessionId: ID
    qualified: Boolean
    disqualified: Boolean!
    eliminated: Boolean!
    "Left the session after droppedAfterGame; ranked on the games played."
    dropped: Boolean!
    droppedAfterGame: Int
  }

  type EventStandingRow {
    rank: Int!
    player: PlayerRef!
    phase: String!
    qualificationRank: Int!
    semifinalPlacement: Int
    finalPlacement: Int
    games: Int!
    wins: Int!
    vp: Int!
    vpPct: String!
    vpPctExact: String!
    seconds: Int!
    thirds: Int!
    decidedBy: String
    decidedByLots: Boolean!
    sessionId: ID
    disqualified: Boolean!
    dropped: Boolean!
    droppedAfterGame: Int
  }

  type SessionStandings {
    resultsVersion: Int!
    ruleset: String!
    "Registered but not checked in when game 1 was seated."
    noShows: [PlayerRef!]!
    rows: [StandingRow!]!
    disqualified: [StandingRow!]!
  }

  type Qualification {
    resultsVersion: Int!
    ruleset: String!
    uniqueParticipants: Int!
    structure: String!
    valid: Boolean!
    qualifierCount: Int!
    rows: [StandingRow!]!
    disqualified: [StandingRow!]!
  }

  type EventStandings {
    resultsVersion: Int!
    phase: String!
    rows: [EventStandingRow!]!
    disqualified: [StandingRow!]!
  }

  type Session {
    id: ID!
    eventId: ID!
    name: String!
    date: String
    venue: String
    "The organisation running the session (null: the event's)."
    hostOrgId: ID
    playerCount: Int!
    gamesPlanned: Int!
    roundsGenerated: Int!
    players: [Registration!]!
    rounds: [Round!]!
    standings: SessionStandings!
  }

  "A game played by every table at once: a prelim game, the semifinals or the final."
  type Round {
    id: ID!
    eventId: ID!
    sessionId: ID
    kind: String!
    number: Int!
    method: String!
    seed: String
    tables: [RoundTable!]!
    quality: SeatingQuality!
  }

  type RoundTable {
    id: ID!
    number: Int!
    seats: [RoundSeat!]!
    "The full table with VP, placements and the result."
    details: Table!
  }

  type RoundSeat {
    position: Int!
    seedRank: Int
    player: PlayerRef!
  }

  "Rule 1.1.6 quality of the seating (for a prelim round: the session up to this round)."
  type SeatingQuality {
    repeatedPairs: Int!
    maxMeetings: Int!
    seatRepeats: Int!
    avoidViolations: Int!
    positionOneSpread: Int
    playersSeated: Int
    "Prelim rounds: no-shows and players who dropped before this game (not seated)."
    noShows: Int
    dropped: Int
  }

  type Registration {
    player: PlayerRef!
    "registered, checked-in, no-show (not checked in when game 1 was seated), dropped or eliminated"
    status: String!
    eliminated: Boolean!
    checkedIn: Boolean!
    noShow: Boolean!
    droppedAfterGame: Int
  }

  type PlayerRef {
    id: ID!
    name: String!
  }

  type Player {
    id: ID!
    orgId: ID!
    name: String!
    externalId: String
    discordId: String
  }

  type Table {
    id: ID!
    roundId: ID!
    eventId: ID!
    sessionId: ID
    kind: String!
    number: Int!
    seats: [Seat!]!
    result: TableResult
  }

  type Seat {
    position: Int!
    seedRank: Int
    player: PlayerRef!
    vp: Int
    placement: Int
    confirmed: Boolean!
    disqualified: Boolean!
  }

  type TableResult {
    status: String!
    version: Int!
    winnerId: ID!
    finalizedBy: String
    awaitingConfirmation: [ID!]!
    updatedAt: String!
  }
`;

export function createGraphQLSchema() {
  return createSchema<GraphQLContext>({
    typeDefs,
    resolvers: {
      Query: {
        event: resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) =>
          getEvent(services, id),
        ),
        session: resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) =>
          getSession(services, id),
        ),
        table: resolver(async (_: unknown, { id }: Args, { table }: GraphQLContext) => table(id)),
        player: resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) =>
          getPlayer(services, id),
        ),
        round: resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) =>
          getRound(services, id),
        ),
        seriesStandings: resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) =>
          getSeriesStandings(services, id),
        ),
        ratings: resolver(
          async (
            _: unknown,
            args: { orgId: string; minGames?: number | null },
            { services }: GraphQLContext,
          ) => {
            const scope = await loadRatingScope(services, args.orgId);
            const dto = ratingsResponse(
              await buildRatingTable(services, scope),
              Math.max(0, args.minGames ?? 0),
            );
            return {
              ...dto,
              library: dto.parameters.library,
              libraryVersion: dto.parameters.version,
              model: dto.parameters.model,
              rows: dto.rows.map((r) => ({ ...r, lastPlayedEventId: r.lastPlayed.eventId })),
            };
          },
        ),
      },
      RoundTable: {
        details: resolver(async (parent: Parent, _: unknown, { table }: GraphQLContext) => table(parent.id)),
      },
      Event: {
        sessions: resolver(
          async (event: Parent, _: unknown, { services }: GraphQLContext) =>
            (await listSessions(services, event.id)).data,
        ),
        qualification: resolver(async (event: Parent, _: unknown, { rankings }: GraphQLContext) =>
          rankings.qualification(event.id),
        ),
        standings: resolver(async (event: Parent, _: unknown, { rankings }: GraphQLContext) =>
          rankings.event(event.id),
        ),
      },
      Session: {
        rounds: resolver(
          async (session: Parent, _: unknown, { services }: GraphQLContext) =>
            (await listSessionRounds(services, session.id)).data,
        ),
        standings: resolver(async (session: Parent, _: unknown, { rankings }: GraphQLContext) =>
          rankings.session(session.id),
        ),
        players: resolver(
          async (session: Parent, _: unknown, { services }: GraphQLContext) =>
            (await listRegistrations(services, session.id)).data,
        ),
      },
    },
  });
}
