/**
 * The closed sets of the REST document as GraphQL enums. GraphQL names cannot hold "-" or start
 * with a digit, so each enum maps its GraphQL names to the REST values the services return
 * (graphql-tools' enum resolvers): a client sees `CHECKED_IN`, REST shows `checked-in`.
 */
/** The 1.4.2 chain's criteria, shared by the session/qualification and the event standings. */
const STANDINGS_CRITERIA = {
  WINS: ["wins", "More wins."],
  VP: ["vp", "More total counted VP."],
  VP_PCT: ["vpPct", "A higher VP%."],
  SECONDS: ["seconds", "More 2nd places (2026 ruleset)."],
  THIRDS: ["thirds", "More 3rd places (2026 ruleset)."],
  LOTS: ["lots", "Equal on the whole chain: the lot decides."],
} as const;

const ENUMS = {
  EventPhase: {
    description: "Where an event stands, derived from its rounds and results (never stored, so never stale).",
    values: {
      SETUP: ["setup", "No round seated yet."],
      PRELIMS: ["prelims", "Prelim sessions are being played."],
      SEMIFINALS: ["semifinals", "The semifinals are seated."],
      FINAL: ["final", "The final is seated."],
      COMPLETED: ["completed", "The final result is in."],
    },
  },
  EventStructure: {
    description:
      "The playoff structure that follows from N, the unique participants (rules 1.1.3–1.1.5, 1.2.2).",
    values: {
      FINAL_ONLY: ["final-only", "12–28 players: the top 4 of the qualification play the final."],
      SEMIFINALS: ["semifinals", "The top 16 play four semifinals, their winners the final."],
      SEMIFINALS_80_PLUS: ["semifinals-80plus", "As SEMIFINALS, for an event with a session of 80+ players."],
    },
  },
  Visibility: {
    description: "Who may read an event: everyone, or only its organisation tree.",
    values: {
      PUBLIC: ["public", "Readable without a token."],
      PRIVATE: ["private", "Readable only by the organisation and its ancestors."],
    },
  },
  Ruleset: {
    description: "The ranking rules of an event.",
    values: {
      RULES_2026: ["2026", "Tiebreaks wins, VP, VP%, 2nds, 3rds, lots."],
      LEGACY: ["legacy", "Tiebreaks wins, VP, VP%, lots."],
    },
  },
  GamePhase: {
    description: "A kind of round: a prelim game, the semifinals or the final.",
    values: {
      PRELIM: ["prelim", "A game of a prelim session."],
      SEMIFINAL: ["semifinal", "The semifinal round."],
      FINAL: ["final", "The final."],
    },
  },
  SeatingMethod: {
    description: "How a round was seated.",
    values: {
      GENERATED: ["generated", "Generated from a seed (rule 1.1.6: few repeated pairs, varied positions)."],
      SNAKE: ["snake", "By rank, snake-wise (game 4, semifinals, final)."],
      MANUAL: ["manual", "Seated by hand."],
    },
  },
  RegistrationStatus: {
    description: "A registered player's state in a session.",
    values: {
      REGISTERED: ["registered", "Signed up."],
      CHECKED_IN: ["checked-in", "Checked in before game 1 was seated."],
      NO_SHOW: ["no-show", "Not checked in when game 1 was seated: kept on record, not a participant."],
      DROPPED: ["dropped", "Left after droppedAfterGame."],
      ELIMINATED: ["eliminated", "The 80+ zero-win cut after game 3."],
    },
  },
  ResultStatus: {
    description: "The state of a table's result sheet.",
    values: {
      PENDING: ["pending", "Awaits confirmations."],
      FINAL: ["final", "Counts in the rankings and changes only by correction."],
    },
  },
  FinalizedBy: {
    description: "What made a result final.",
    values: {
      SIGNED: ["signed", "A signed paper sheet entered by staff."],
      CONFIRMATIONS: ["confirmations", "Every player confirmed the scores."],
      REFEREE: ["referee", "A referee finalized it."],
      CORRECTION: ["correction", "A correction replaced it."],
    },
  },
  Colour: {
    description: "A player's colour at a snake-seated table (docs/rules.md#choices).",
    values: {
      RED: ["red", "Red."],
      BLUE: ["blue", "Blue."],
      WHITE: ["white", "White."],
      ORANGE: ["orange", "Orange."],
    },
  },
  ConfirmedVia: {
    description: "Who confirmed a seat's scores.",
    values: {
      PLAYER: ["player", "The player, with their seat code from their phone."],
      STAFF: ["staff", "A client confirmed on their behalf."],
    },
  },
  StandingsCriterion: {
    description:
      "The first criterion of the 1.4.2 chain that separates a row from the next one: wins, VP (total counted VP), VP%, 2nd and 3rd places (2026 ruleset only), or lots (equal on the whole chain).",
    values: STANDINGS_CRITERIA,
  },
  EventCriterion: {
    description: "As StandingsCriterion, plus PLACEMENT and PHASE for the final event standings.",
    values: {
      ...STANDINGS_CRITERIA,
      PLACEMENT: ["placement", "A better place at the same playoff table round."],
      PHASE: ["phase", "Got further: final, then semifinal, then prelims."],
    },
  },
  SeriesCriterion: {
    description: "The first criterion separating a series row from the next one.",
    values: {
      POINTS: ["points", "More series points."],
      EVENT_WINS: ["eventWins", "More events won."],
      BEST_POSITION: ["bestPosition", "A better best position."],
      EVENTS_PLAYED: ["eventsPlayed", "More events played."],
      LOTS: ["lots", "Equal on the whole chain: the lot decides."],
    },
  },
  SeriesEventStatus: {
    description: "Whether an event gives series points yet.",
    values: {
      COUNTED: ["counted", "The final result is in."],
      IN_PROGRESS: ["in-progress", "Not finished: no points yet."],
      INVALID: [
        "invalid",
        "Its standings are not valid (valid: false: under 12 competitors, or contradictory playoff results): no points.",
      ],
      INCONSISTENT: ["inconsistent", "The event's standings answer 409: it gives no points."],
    },
  },
  View: {
    description: "Which events a ranking is computed over, by who reads it.",
    values: {
      ALL: ["all", "Members of the organisation (or above) see private events too."],
      PUBLIC: ["public", "Only public events count."],
    },
  },
} as const satisfies Record<
  string,
  { description: string; values: Record<string, readonly [string, string]> }
>;

const quote = (text: string) => JSON.stringify(text);

export const enumTypeDefs = Object.entries(ENUMS)
  .map(([name, { description, values }]) => {
    const lines = Object.entries(values).map(([value, [, doc]]) => `    ${quote(doc)}\n    ${value}`);
    return `  ${quote(description)}\n  enum ${name} {\n${lines.join("\n")}\n  }`;
  })
  .join("\n\n");

/** Enum resolvers: GraphQL name → the value the services use. */
export const enumResolvers = Object.fromEntries(
  Object.entries(ENUMS).map(([name, { values }]) => [
    name,
    Object.fromEntries(Object.entries(values).map(([value, [internal]]) => [value, internal])),
  ]),
);
