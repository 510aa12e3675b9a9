/**
 * The CSV files of a tournament, built from the services' DTOs: rankings (session standings,
 * qualification, event standings), a session's seating and its roster. In the default dialect
 * the columns are the JSON fields in snake_case, so a CSV and a JSON of the same state hold the
 * same data; format.ts says what the French and Lithuanian dialects change.
 */
import type { listRegistrations } from "../../services/events";
import type { ratingsResponse } from "../../services/ratings";
import type { listSessionRounds } from "../../services/rounds";
import type { seriesStandings } from "../../services/series";
import type { EventStandingsDto, QualificationDto, SessionStandingsDto } from "../../services/standings";
import { LANGUAGES } from "../pages/i18n";
import { type Column, type CsvLang, writeCsv } from "./format";

type RankingCsvBody = SessionStandingsDto | QualificationDto | EventStandingsDto;

/** A row of any of the three rankings: disqualified rows have no rank, only the event standings a phase. */
type RankingCsvRow = Omit<SessionStandingsDto["rows"][number], "rank" | "decidedBy"> &
  Partial<EventStandingsDto["rows"][number]>;

/** The player's id and name, the columns of every file about players. */
const playerColumns = <R extends { player: { id: string; name: string } }>(): Column<R>[] => [
  { name: "player_id", fr: "Identifiant du joueur", lt: "Žaidėjo ID", value: (r) => r.player.id },
  { name: "player", fr: "Joueur", lt: "Žaidėjas", value: (r) => r.player.name },
];

const PHASES = {
  fr: { prelim: "phase qualificative", semifinal: "demi-finale", final: "finale" },
  lt: { prelim: "atranka", semifinal: "pusfinalis", final: "finalas" },
} as Record<"fr" | "lt", Record<string, string>>;

const RANKING_COLUMNS: Column<RankingCsvRow>[] = [
  { name: "rank", fr: "Rang", lt: "Vieta", value: (r) => r.rank },
  ...playerColumns(),
  { name: "games", fr: "Parties", lt: "Žaidimai", value: (r) => r.games },
  { name: "wins", fr: "Victoires", lt: "Pergalės", value: (r) => r.wins },
  { name: "vp", fr: "PV", lt: "Taškai", value: (r) => r.vp },
  { name: "vp_pct", fr: "% PV", lt: "Taškų %", value: (r) => r.vpPct, decimal: true },
  { name: "vp_pct_exact", value: (r) => r.vpPctExact, machineOnly: true },
  { name: "seconds", fr: "2es places", lt: "Antrosios vietos", value: (r) => r.seconds },
  { name: "thirds", fr: "3es places", lt: "Trečiosios vietos", value: (r) => r.thirds },
  {
    name: "decided_by",
    fr: "Devant la ligne suivante",
    lt: "Aukščiau už kitą eilutę",
    value: (r) => r.decidedBy,
    words: (lang, code) => LANGUAGES[lang].decided[code] ?? code,
  },
  {
    name: "decided_by_lots",
    fr: "Placé par tirage au sort",
    lt: "Vietą lėmė burtai",
    value: (r) => r.decidedByLots,
  },
  { name: "lot", value: (r) => r.lot, machineOnly: true },
  { name: "session_id", fr: "Session retenue", lt: "Įskaitytas raundas", value: (r) => r.sessionId },
  { name: "qualified", fr: "Qualifié", lt: "Patenka", value: (r) => r.qualified },
  { name: "disqualified", fr: "Disqualifié", lt: "Diskvalifikuotas", value: (r) => r.disqualified },
  { name: "eliminated", fr: "Éliminé", lt: "Eliminuotas", value: (r) => r.eliminated },
];

const EVENT_COLUMNS: Column<RankingCsvRow>[] = [
  {
    name: "phase",
    fr: "Phase atteinte",
    lt: "Pasiektas etapas",
    value: (r) => r.phase,
    words: (lang, code) => PHASES[lang][code] ?? code,
  },
  {
    name: "qualification_rank",
    fr: "Rang en qualification",
    lt: "Vieta atrankoje",
    value: (r) => r.qualificationRank,
  },
  {
    name: "semifinal_placement",
    fr: "Place en demi-finale",
    lt: "Vieta pusfinalyje",
    value: (r) => r.semifinalPlacement,
  },
  { name: "final_placement", fr: "Place en finale", lt: "Vieta finale", value: (r) => r.finalPlacement },
];

/** A ranking: ranked rows, then the disqualified (empty rank); the event standings add their phase columns. */
export function rankingCsv(body: RankingCsvBody, lang: CsvLang): string {
  const withEvent = body.rows.some((r) => "phase" in r);
  return writeCsv(
    withEvent ? [...RANKING_COLUMNS, ...EVENT_COLUMNS] : RANKING_COLUMNS,
    [...body.rows, ...body.disqualified],
    lang,
  );
}

type SeatingRound = Awaited<ReturnType<typeof listSessionRounds>>["data"][number];

/** A line of the seating: one seat, with its table and round. */
type SeatLine = SeatingRound["tables"][number]["seats"][number] & {
  round: SeatingRound;
  table: SeatingRound["tables"][number];
};

const SEATING_COLUMNS: Column<SeatLine>[] = [
  { name: "game", fr: "Partie", lt: "Žaidimas", value: (s) => s.round.number },
  { name: "round_id", fr: "Identifiant de la partie", lt: "Žaidimo ID", value: (s) => s.round.id },
  { name: "table", fr: "Table", lt: "Stalas", value: (s) => s.table.number },
  { name: "table_id", fr: "Identifiant de la table", lt: "Stalo ID", value: (s) => s.table.id },
  { name: "position", fr: "Ordre de jeu", lt: "Ėjimų tvarka", value: (s) => s.position },
  ...playerColumns(),
  { name: "seed_rank", fr: "Rang au placement", lt: "Reitingas susodinant", value: (s) => s.seedRank },
  {
    name: "result_status",
    fr: "Résultat",
    lt: "Rezultatas",
    value: (s) => s.table.result?.status,
    words: (lang, code) => LANGUAGES[lang].status[code] ?? code,
  },
];

/** A session's seating: one line per seat of every game, in game, table and turn order. */
export function seatingCsv(body: { data: readonly SeatingRound[] }, lang: CsvLang): string {
  const lines = body.data.flatMap((round) =>
    round.tables.flatMap((table) => table.seats.map((seat) => ({ ...seat, round, table }))),
  );
  return writeCsv(SEATING_COLUMNS, lines, lang);
}

/** A registration as GET /v1/sessions/{id}/players gives it. */
type RosterCsvRow = Awaited<ReturnType<typeof listRegistrations>>["data"][number];

const REGISTRATION_STATUS = {
  fr: {
    registered: "inscrit",
    "checked-in": "présent",
    "no-show": "absent",
    dropped: "abandon",
    eliminated: "éliminé",
  },
  lt: {
    registered: "užsiregistravo",
    "checked-in": "atvyko",
    "no-show": "neatvyko",
    dropped: "pasitraukė",
    eliminated: "eliminuotas",
  },
} as Record<"fr" | "lt", Record<string, string>>;

const ROSTER_COLUMNS: Column<RosterCsvRow>[] = [
  ...playerColumns(),
  { name: "external_id", fr: "Identifiant externe", lt: "Išorinis ID", value: (r) => r.player.externalId },
  {
    name: "status",
    fr: "Statut",
    lt: "Būsena",
    value: (r) => r.status,
    words: (lang, code) => REGISTRATION_STATUS[lang][code] ?? code,
  },
  { name: "checked_in", fr: "Présence pointée", lt: "Atvykimas pažymėtas", value: (r) => r.checkedIn },
  { name: "no_show", fr: "Absent", lt: "Neatvyko", value: (r) => r.noShow },
  {
    name: "dropped_after_game",
    fr: "Abandon après la partie",
    lt: "Pasitraukė po žaidimo",
    value: (r) => r.droppedAfterGame,
  },
  { name: "eliminated", fr: "Éliminé", lt: "Eliminuotas", value: (r) => r.eliminated },
  { name: "registered_at", fr: "Inscrit le", lt: "Užsiregistravo", value: (r) => r.registeredAt },
];

/** A session's roster, by name in the language's alphabetical order (JSON pages go by player id). */
export function rosterCsv(rows: readonly RosterCsvRow[], lang: CsvLang): string {
  const collator = new Intl.Collator(lang);
  const byName = [...rows].sort((a, b) => collator.compare(a.player.name, b.player.name));
  return writeCsv(ROSTER_COLUMNS, byName, lang);
}

type SeriesCsvRow = Awaited<ReturnType<typeof seriesStandings>>["rows"][number];

const SERIES_COLUMNS: Column<SeriesCsvRow>[] = [
  { name: "rank", fr: "Rang", lt: "Vieta", value: (r) => r.rank },
  ...playerColumns(),
  { name: "points", fr: "Points", lt: "Taškai", value: (r) => r.points },
  { name: "events_counted", fr: "Tournois comptés", lt: "Įskaityti turnyrai", value: (r) => r.eventsCounted },
  { name: "events_dropped", fr: "Tournois écartés", lt: "Atmesti turnyrai", value: (r) => r.eventsDropped },
  { name: "event_wins", fr: "Tournois gagnés", lt: "Laimėti turnyrai", value: (r) => r.eventWins },
  { name: "best_position", fr: "Meilleure place", lt: "Geriausia vieta", value: (r) => r.bestPosition },
  { name: "decided_by", value: (r) => r.decidedBy, machineOnly: true },
  { name: "lot", value: (r) => r.lot, machineOnly: true },
  { name: "qualified", fr: "Qualifié", lt: "Patenka", value: (r) => r.qualified },
];

/** A series' standings: one line per ranked player, in rank order. */
export function seriesStandingsCsv(body: { rows: readonly SeriesCsvRow[] }, lang: CsvLang): string {
  return writeCsv(SERIES_COLUMNS, body.rows, lang);
}

type RatingCsvRow = ReturnType<typeof ratingsResponse>["rows"][number];

const RATING_COLUMNS: Column<RatingCsvRow>[] = [
  { name: "rank", fr: "Rang", lt: "Vieta", value: (r) => r.rank },
  ...playerColumns(),
  { name: "ordinal", fr: "Classement", lt: "Reitingas", value: (r) => r.ordinal },
  { name: "mu", fr: "Mu", lt: "Mu", value: (r) => r.mu },
  { name: "sigma", fr: "Sigma", lt: "Sigma", value: (r) => r.sigma },
  { name: "games", fr: "Parties", lt: "Žaidimai", value: (r) => r.games },
  {
    name: "last_played_event_id",
    fr: "Dernier tournoi",
    lt: "Paskutinis turnyras",
    value: (r) => r.lastPlayed.eventId,
  },
];

/** A rating table: one line per rated player, in rank order. */
export function ratingsCsv(body: { rows: readonly RatingCsvRow[] }, lang: CsvLang): string {
  return writeCsv(RATING_COLUMNS, body.rows, lang);
}
