/**
 * English labels of the pages. The French and Lithuanian files keep the terms of the rule
 * documents in those languages; every key exists in all three (the type says so). Counts go
 * through Intl.PluralRules (`plural`), never through string concatenation.
 */
import { plural } from "./plural";

export const en = {
  languageName: "English",
  /** After a label: French sets a non-breaking space before `:`. */
  colon: ":",
  siteTitle: "CATAN championship tournaments",
  homeIntro:
    "This server runs official 2026 CATAN championship tournaments: prelim sessions, seating, result sheets and rankings. Frontends use its API; stores use these pages for the projector and for paper sheets.",
  apiDocs: "API reference",
  openapi: "OpenAPI document",
  publicEvents: "Public events",
  noPublicEvents: "No public event yet.",
  sessions: "Prelim sessions",
  session: "Prelim session",
  date: "Date",
  venue: "Venue",
  timeZone: "Time zone",
  players: "Players",
  gamesSeated: "Games seated",
  print: "Print",
  seatingLink: "seating",
  sheetsLink: (game: number) => `sheets, game ${game}`,
  rosterLink: "players",
  screenLink: "Venue screen",
  qualification: "Qualification",
  qualificationNote: (n: number) =>
    `Each player's best prelim session counts (rule 1.2.3); the top ${n} qualify.`,
  cutLine: (n: number) => `Cut line: the top ${n} qualify`,
  countedSession: "Session that counted",
  playoffs: "Semifinals and final",
  semifinal: "Semifinal",
  final: "Final",
  finalStandings: "Final standings",
  standingsBeforePlayoffs: "Before the playoffs the standings are the qualification order.",
  rank: "Rank",
  player: "Player",
  games: "Games",
  wins: "Wins",
  vp: "VP",
  vpLong: "Victory points",
  vpPct: "VP%",
  vpPctLong: "Victory point percentage",
  seconds: "2nd places",
  thirds: "3rd places",
  decidedBy: "Ahead of the next row",
  decided: {
    wins: "ahead on wins",
    vp: "ahead on total VP",
    vpPct: "ahead on VP%",
    seconds: "ahead on 2nd places",
    thirds: "ahead on 3rd places",
    lots: "ahead by drawing lots",
    placement: "ahead on placement at the table",
    phase: "reached a later phase",
  } as Record<string, string>,
  disqualified: "Disqualified",
  seatDisqualified: "disqualified",
  eliminated: "eliminated (no win after game 3)",
  lots: "Drawing lots",
  lotsExplain:
    "Ties left after every other criterion are decided by lots (rule 1.4.2). Each player's lot is the first 16 hex digits of the SHA-256 of the seed and the player's id; the lower lot ranks higher. Anyone can re-check it with this command",
  lotSeed: "Lot seed",
  noResults: "No result yet.",
  notPlayed: "Not seated yet.",
  game: (n: number) => `Game ${n}`,
  table: (n: number) => `Table ${n}`,
  tableWord: "Table",
  seat: "Seat",
  turnOrder: "Turn order",
  seating: "Seating",
  ranking: "Ranking",
  board: "Board",
  live: "Live",
  waitingForResults: (done: number, total: number) =>
    `${done} of ${total} ${plural("en", total, { one: "table", other: "tables" })} final`,
  /** The screen's status once the final is decided. */
  eventComplete: "Final",
  findYourTable: "Find your table",
  seatingTitle: (session: string) => `Seating — ${session}`,
  resultSheet: "Result sheet",
  winner: "Winner",
  signature: "Signature",
  sheetRules: [
    "Exactly one winner, with 10 VP or more, declared on their own turn (rule 1.1.11).",
    "Write every player's VP as played; at most 10 VP per game count for the ranking.",
    "Every player signs the sheet and hands it to the referee or organiser (rule 1.3.4); once signed, no protest or change (rule 1.3.5).",
  ],
  sheetQr: "Scan to see this table's result online",
  seatCode: "Code",
  codeNote:
    "Each player's code is on their own slip (ask the staff): it confirms their result from their phone.",
  seatSlips: "Seat slips",
  slipsLink: "seat slips (staff only)",
  slipsIntro:
    "Cut along the dashed lines and hand each player their own slip: the code confirms that player's result from their phone, so no other player may see it.",
  slipsStaffOnly:
    "Seat slips carry each player's code: only staff who enter this game's results print them (with their token).",
  slipNote: "Scan the QR code to confirm or dispute your result. Keep this code to yourself.",
  confirmTitle: "Confirm or dispute this result",
  you: "You",
  confirmButton: "I agree with this result",
  disputeButton: "I dispute this result",
  reason: "Why",
  disputes: "Disputed",
  wrongCode: "This is not the code on your seat slip.",
  /** After a wrong code: the wrong codes this seat may still take from here before a pause. */
  triesLeft: (n: number) =>
    n === 0
      ? "That was the last try for now: ask the staff, or wait and try again."
      : `${n} ${plural("en", n, { one: "try", other: "tries" })} left.`,
  tooManyCodes: (minutes: number) =>
    `Too many wrong codes for this seat: try again in ${minutes} ${plural("en", minutes, { one: "minute", other: "minutes" })}, or ask the staff.`,
  confirmationRecorded: (name: string) => `Thank you, ${name}: your confirmation is recorded.`,
  disputeRecorded: (name: string) =>
    `${name}, your dispute is recorded: the referee or the organiser decides.`,
  result: "Result",
  status: { none: "No result yet", pending: "Awaiting confirmation", final: "Final" } as Record<
    string,
    string
  >,
  awaiting: "Still to confirm",
  confirmed: "confirmed",
  /** Whose seat code confirmed a seat: the name says whose result it was. */
  confirmedWithCode: (name: string) => `confirmed with ${name}’s seat code`,
  confirmedByStaff: "confirmed by staff",
  awaitingConfirmation: "awaiting confirmation",
  /** A seat's place at its table in words (the table page's Result column). */
  place: (n: number) =>
    `${n}${plural("en", n, { one: "st", two: "nd", few: "rd", other: "th" }, "ordinal")} place`,
  placement: "Place",
  structure: {
    "final-only": "Top 4 straight to the final (12–28 players)",
    semifinals: "Top 16 to the semifinals (29–79 players)",
    "semifinals-80plus": "4 prelim games with the zero-win cut, top 16 to the semifinals (80+ players)",
  } as Record<string, string>,
  notValid: "Not valid for the championship",
  noReferee: "No referee named yet (rule 1.3.1)",
  uniqueParticipants: "Unique participants",
  loopbackWarning: (origin: string) =>
    `Phones cannot open these QR codes: they lead to ${origin}, which only this computer can open. Open this page at the address other devices on your network use (this computer's network address and the same port), or start the server with PUBLIC_URL set to its public address, then print.`,
  notFoundTitle: "Not found",
  notFoundText: "There is no such page, or it belongs to a private event.",
  backHome: "Home",
  language: "Language",
  poweredBy: "Served by the CATAN Tournament API",
  // Rules the API records beyond results: edition and language, start times, choices by
  // rank and timed turns.
  edition: "Edition",
  tournamentLanguage: "Tournament language",
  calendar: "Calendar (iCalendar)",
  chair: "Chair",
  colour: "Colour",
  colours: { red: "Red", blue: "Blue", white: "White", orange: "Orange" } as Record<string, string>,
  timedTurns: (seconds: number) => `Timed turns: ${seconds} s per turn`,
  toChoose: "to choose",
  choosingNext: (name: string) => `Choosing turn order, chair and colour by rank: ${name} next`,
};

export type Messages = typeof en;
