import type { GraphQLResolveInfo as Info } from "graphql";
import { createSchema } from "graphql-yoga";
import type { ServiceContext } from "../services/context";
import {
  type EventPhase,
  getEvent,
  getSession,
  listEvents,
  listSessions,
  sessionRoster,
} from "../services/events";
import type { Page, PageRequest } from "../services/pagination";
import { getPlayer, listPlayers } from "../services/players";
import { type buildRatingTable, ratingsResponse } from "../services/ratings";
import { getRound, listSessionRounds } from "../services/rounds";
import type { getSeriesStandings } from "../services/series";
import type { EventStandingsDto, QualificationDto, SessionStandingsDto } from "../services/standings";
import { listPlayerWarnings, type TableDto } from "../services/tables";
import { connection, type PageArgs, pageRequest } from "./connections";
import { resolver } from "./errors";
import { enumResolvers, enumTypeDefs } from "./type-defs/enums";
import { eventTypeDefs } from "./type-defs/events";
import { queryTypeDefs } from "./type-defs/query";
import { rankingTypeDefs } from "./type-defs/rankings";

/** Rankings by id, authorised per read; the HTTP layer serves them from its response cache. */
export interface RankingsSource {
  session: (sessionId: string) => Promise<SessionStandingsDto>;
  qualification: (eventId: string) => Promise<QualificationDto>;
  event: (eventId: string) => Promise<EventStandingsDto>;
  ratings: (orgId: string) => ReturnType<typeof buildRatingTable>;
  series: (seriesId: string) => ReturnType<typeof getSeriesStandings>;
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
type EventsArgs = PageArgs & {
  orgId: string;
  phase?: EventPhase | null;
  includeDescendants?: boolean | null;
};
type PlayersArgs = PageArgs & {
  orgId: string;
  search?: string | null;
  externalId?: string | null;
  discordId?: string | null;
  includeDescendants?: boolean | null;
};

export const typeDefs = [queryTypeDefs, eventTypeDefs, rankingTypeDefs, enumTypeDefs].join("\n");

/** A root field answering one service read of `id`. */
const byId = <R>(get: (services: ServiceContext, id: string) => Promise<R>) =>
  resolver(async (_: unknown, { id }: Args, { services }: GraphQLContext) => get(services, id));

/** An object's field listing what a service reads under the object's id. */
const listUnder = <R>(list: (services: ServiceContext, id: string) => Promise<{ data: R[] }>) =>
  resolver(
    async (parent: Parent, _: unknown, { services }: GraphQLContext) =>
      (await list(services, parent.id)).data,
  );

/** A root connection: the page of what `list` reads with the query's arguments. */
const paged = <A extends PageArgs, T extends { id: string }>(
  list: (services: ServiceContext, args: A, page: PageRequest) => Promise<Page<T>>,
) =>
  resolver(async (_: unknown, args: A, { services }: GraphQLContext, info: Info) => {
    const page = pageRequest(args, info);
    return connection(await list(services, args, page), page);
  });

/** The player whose `key` is the argument of that name, first match in the organisation's whole tree; null when none. */
const playerBy = <K extends "discordId" | "externalId">(key: K) =>
  resolver(
    async (_: unknown, args: { orgId: string } & Record<K, string>, { services }: GraphQLContext) =>
      (await listPlayers(services, args.orgId, { limit: 1, includeDescendants: true, [key]: args[key] }))
        .data[0] ?? null,
  );

/** An object's ranking, memoised per request. */
const ranking = (kind: keyof RankingsSource) =>
  resolver(async (parent: Parent, _: unknown, { rankings }: GraphQLContext) => rankings[kind](parent.id));

/** The root fields: each is one service call, authorised by the service. */
const queryResolvers = {
  events: paged((services, args: EventsArgs, page) =>
    listEvents(services, args.orgId, {
      ...page,
      includeDescendants: args.includeDescendants ?? false,
      status: args.phase ?? undefined,
    }),
  ),
  players: paged((services, args: PlayersArgs, page) =>
    listPlayers(services, args.orgId, {
      ...page,
      q: args.search ?? undefined,
      externalId: args.externalId ?? undefined,
      discordId: args.discordId ?? undefined,
      includeDescendants: args.includeDescendants ?? false,
    }),
  ),
  playerByDiscordId: playerBy("discordId"),
  playerByExternalId: playerBy("externalId"),
  playerWarnings: paged((services, args: PageArgs & { playerId: string }, page) =>
    listPlayerWarnings(services, args.playerId, page),
  ),
  event: byId(getEvent),
  session: byId(getSession),
  table: resolver(async (_: unknown, { id }: Args, { table }: GraphQLContext) => table(id)),
  player: byId(getPlayer),
  round: byId(getRound),
  seriesStandings: resolver(async (_: unknown, { id }: Args, { rankings }: GraphQLContext) =>
    rankings.series(id),
  ),
  ratings: resolver(
    async (_: unknown, args: { orgId: string; minGames?: number | null }, { rankings }: GraphQLContext) => {
      const dto = ratingsResponse(await rankings.ratings(args.orgId), Math.max(0, args.minGames ?? 0));
      return {
        ...dto,
        library: dto.parameters.library,
        libraryVersion: dto.parameters.version,
        model: dto.parameters.model,
        rows: dto.rows.map((r) => ({ ...r, lastPlayedEventId: r.lastPlayed.eventId })),
      };
    },
  ),
};

/** Fields of the object types that read more than their parent holds. */
const objectResolvers = {
  RoundTable: {
    details: resolver(async (parent: Parent, _: unknown, { table }: GraphQLContext) => table(parent.id)),
  },
  Event: {
    sessions: listUnder(listSessions),
    qualification: ranking("qualification"),
    standings: ranking("event"),
  },
  Session: {
    rounds: listUnder(listSessionRounds),
    standings: ranking("session"),
    // The whole roster, every page: the schema's list has no page arguments.
    players: resolver(async (parent: Parent, _: unknown, { services }: GraphQLContext) =>
      sessionRoster(services, parent.id),
    ),
  },
};

export function createGraphQLSchema() {
  return createSchema<GraphQLContext>({
    typeDefs,
    resolvers: { ...enumResolvers, Query: queryResolvers, ...objectResolvers },
  });
}
