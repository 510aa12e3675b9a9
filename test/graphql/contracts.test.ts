/**
 * GraphQL's ranking types against the zod schemas the REST bodies (and the services' DTO types)
 * are defined by: each GraphQL field exists in the schema with the same kind and nullability,
 * and each schema field is in GraphQL unless listed below as REST-only, with the reason. A field
 * added to one side only fails here.
 */
import {
  buildSchema,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  isListType,
  isNonNullType,
} from "graphql";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { typeDefs } from "../../src/graphql/schema";
import {
  DisqualifiedRowSchema,
  EventStandingsRowSchema,
  EventStandingsSchema,
  QualificationSchema,
  SessionStandingsSchema,
  StandingsRowSchema,
} from "../../src/services/standings";

type Kind = "string" | "number" | "boolean" | "enum" | "object" | "list";
interface FieldShape {
  kind: Kind;
  nullable: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definition objects
type Def = any;

/** A zod field as the GraphQL side sees it: its kind and whether null (or absence) is allowed. */
function zodShape(schema: z.ZodType): FieldShape {
  let def: Def = (schema as Def).def;
  let nullable = false;
  while (def.type === "nullable" || def.type === "optional" || def.type === "default") {
    nullable = true;
    def = def.innerType.def;
  }
  if (def.type === "union") {
    // `false | null` (a disqualified row's `qualified`): a nullable boolean.
    const kinds = def.options.map((o: Def) => o.def.type);
    nullable ||= kinds.includes("null");
    const rest = def.options.filter((o: Def) => o.def.type !== "null");
    return { ...zodShape(rest[0]), nullable };
  }
  if (def.type === "literal") return { kind: typeof def.values[0] as Kind, nullable };
  if (def.type === "array") return { kind: "list", nullable };
  return { kind: def.type as Kind, nullable };
}

function graphqlShape(type: GraphQLOutputType): FieldShape {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return { kind: "list", nullable };
  const name = (inner as { name: string }).name;
  const kind: Kind =
    name === "String" || name === "ID"
      ? "string"
      : name === "Int" || name === "Float"
        ? "number"
        : name === "Boolean"
          ? "boolean"
          : "astNode" in inner &&
              (inner as { astNode?: { kind: string } }).astNode?.kind === "EnumTypeDefinition"
            ? "enum"
            : "object";
  return { kind, nullable };
}

const schema = buildSchema(typeDefs);
const fieldsOf = (name: string) =>
  (schema.getType(name) as GraphQLObjectType).getFields() as Record<string, GraphQLField<unknown, unknown>>;
// biome-ignore lint/suspicious/noExplicitAny: every zod object schema
const shapeOf = (s: any) => s.shape as Record<string, z.ZodType>;

/**
 * Pairs of GraphQL type and schema, with the schema fields GraphQL leaves out (REST-only) and
 * the GraphQL fields the schema does not have, each with why.
 */
const PAIRS: {
  graphql: string;
  schemas: Record<string, z.ZodType>[];
  restOnly: Record<string, string>;
  graphqlOnly?: Record<string, string>;
  /** Fields GraphQL makes nullable because one type serves ranked and disqualified rows. */
  looser?: string[];
}[] = [
  {
    graphql: "StandingRow",
    // One GraphQL type for ranked rows and disqualified rows (which have no rank).
    schemas: [shapeOf(StandingsRowSchema), shapeOf(DisqualifiedRowSchema)],
    restOnly: {},
    looser: ["rank", "decidedBy", "qualified"],
  },
  {
    graphql: "EventStandingRow",
    schemas: [shapeOf(EventStandingsRowSchema)],
    restOnly: {
      lot: "re-checking lots is a REST concern; GraphQL rows of the event standings omit it",
      qualified: "every row of the event standings qualified or played the playoffs",
      eliminated: "the 80+ cut is shown on the qualification row",
    },
  },
  {
    graphql: "SessionStandings",
    schemas: [shapeOf(SessionStandingsSchema)],
    restOnly: {
      eventId: "GraphQL reaches a session's standings from its event",
      lotSeed: "on the Event type",
      uniqueParticipants: "on the Qualification type",
      structure: "on the Qualification type",
      qualifierCount: "on the Qualification type",
      valid: "on the Qualification type",
      validity: "on the Qualification type",
      rounds: "rounds are on the Session type",
      sessionId: "GraphQL reaches it from the Session",
      sessionName: "GraphQL reaches it from the Session",
      playerCount: "on the Session type",
      gamesPlanned: "on the Session type",
    },
  },
  {
    graphql: "Qualification",
    schemas: [shapeOf(QualificationSchema)],
    restOnly: {
      eventId: "GraphQL reaches the qualification from its event",
      lotSeed: "on the Event type",
      validity: "REST explains invalidity in text; GraphQL has `valid`",
      rounds: "rounds are on the Session type",
      sessions: "sessions are on the Event type",
    },
  },
  {
    graphql: "EventStandings",
    schemas: [shapeOf(EventStandingsSchema)],
    restOnly: {
      eventId: "GraphQL reaches the standings from its event",
      ruleset: "on the Qualification type",
      lotSeed: "on the Event type",
      uniqueParticipants: "on the Qualification type",
      structure: "on the Qualification type",
      qualifierCount: "on the Qualification type",
      valid: "on the Qualification type",
      validity: "REST explains invalidity in text",
      rounds: "rounds are on the Session type",
    },
  },
];

describe("GraphQL ranking types match the zod schemas of the REST bodies", () => {
  for (const pair of PAIRS) {
    it(`${pair.graphql}`, () => {
      const gql = fieldsOf(pair.graphql);
      const merged: Record<string, FieldShape> = {};
      for (const shape of pair.schemas) {
        for (const [name, field] of Object.entries(shape)) {
          const s = zodShape(field);
          const seen = merged[name];
          merged[name] = seen ? { kind: s.kind, nullable: seen.nullable || s.nullable } : s;
        }
      }
      // A field in only some of the merged schemas may be absent: nullable in GraphQL.
      for (const name of Object.keys(merged)) {
        if (!pair.schemas.every((shape) => name in shape)) merged[name]!.nullable = true;
      }
      const problems: string[] = [];
      for (const [name, field] of Object.entries(gql)) {
        const expected = merged[name];
        if (!expected) {
          if (!pair.graphqlOnly?.[name]) problems.push(`${name}: in GraphQL, not in the schema`);
          continue;
        }
        const actual = graphqlShape(field.type);
        if (actual.kind !== expected.kind)
          problems.push(`${name}: ${actual.kind} in GraphQL, ${expected.kind} in the schema`);
        const looser = pair.looser?.includes(name) && actual.nullable;
        if (actual.nullable !== expected.nullable && !looser)
          problems.push(
            `${name}: ${actual.nullable ? "nullable" : "non-null"} in GraphQL, not in the schema`,
          );
      }
      for (const name of Object.keys(merged)) {
        if (!(name in gql) && !pair.restOnly[name])
          problems.push(`${name}: in the schema, missing from GraphQL`);
        if (name in gql && pair.restOnly[name]) problems.push(`${name}: listed as REST-only but in GraphQL`);
      }
      expect(problems).toEqual([]);
    });
  }
});
