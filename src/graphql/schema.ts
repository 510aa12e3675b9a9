import { createSchema } from "graphql-yoga";
import type { ServiceContext } from "../services/context";
import { getEvent } from "../services/events";
import { getPlayer } from "../services/players";
import { getTable } from "../services/results";
import { getSession, listRegistrations, listSessions } from "../services/sessions";
import { resolver } from "./errors";

export interface GraphQLContext {
  services: ServiceContext;
}

type Parent = { id: string };
type Args = { id: string };

const typeDefs = /* GraphQL */ `
  "Read-only view of the same data as the REST API: one query can fetch an event, its sessions, rounds, tables and seats, and its rankings."
  type Query {
    event(id: ID!): Event
    session(id: ID!): Session
    table(id: ID!): Table
    player(id: ID!): Player
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
  }

  type Session {
    id: ID!
    eventId: ID!
    name: String!
    date: String
    venue: String
    playerCount: Int!
    gamesPlanned: Int!
    roundsGenerated: Int!
    players: [Registration!]!
  }

  type Registration {
    player: PlayerRef!
    eliminated: Boolean!
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
        table: resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) =>
          getTable(services, id),
        ),
        player: resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) =>
          getPlayer(services, id),
        ),
      },
      Event: {
        sessions: resolver(
          async (event: Parent, _: unknown, { services }: GraphQLContext) =>
            (await listSessions(services, event.id)).data,
        ),
      },
      Session: {
        players: resolver(
          async (session: Parent, _: unknown, { services }: GraphQLContext) =>
            (await listRegistrations(services, session.id)).data,
        ),
      },
    },
  });
}
