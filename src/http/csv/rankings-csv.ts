/**
 * Rankings and seating as CSV for spreadsheet programs (`?format=csv` or
 * `Accept: text/csv`). Written with csv-stringify (quoting, embedded commas and line breaks are
 * its job) and a UTF-8 byte order mark, without which Excel reads "Rūta" as "RÅ«ta".
 * Columns are the JSON fields in snake_case, one row per player (or per seat), so a CSV and a
 * JSON of the same tag hold the same data.
 */
import { stringify } from "csv-stringify/sync";

type Cell = string | number | boolean | null | undefined;

interface CsvRow {
  rank: number | null;
  player: { id: string; name: string };
  games: number;
  wins: number;
  vp: number;
  vpPct: string;
  vpPctExact: string;
  seconds: number;
  thirds: number;
  decidedBy: string | null;
  decidedByLots: boolean;
  lot: string;
  sessionId: string | null;
  qualified: boolean | null;
  disqualified: boolean;
  eliminated: boolean;
  phase?: string;
  qualificationRank?: number;
  semifinalPlacement?: number | null;
  finalPlacement?: number | null;
}

export interface RankingBody {
  rows: CsvRow[];
  disqualified: CsvRow[];
}

const RANKING_COLUMNS = [
  "rank",
  "player_id",
  "player",
  "games",
  "wins",
  "vp",
  "vp_pct",
  "vp_pct_exact",
  "seconds",
  "thirds",
  "decided_by",
  "decided_by_lots",
  "lot",
  "session_id",
  "qualified",
  "disqualified",
  "eliminated",
];
const EVENT_COLUMNS = ["phase", "qualification_rank", "semifinal_placement", "final_placement"];

/** Spreadsheets read empty cells as blanks; booleans as true/false like the JSON. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify(
    rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : cell))),
    { bom: true, header: true, columns: [...header], record_delimiter: "\r\n", cast: { boolean: String } },
  );
}

/** A ranking body (session standings, qualification, event standings): ranked rows, then the disqualified. */
export function rankingCsv(body: RankingBody): string {
  const withEvent = body.rows.some((r) => r.phase !== undefined);
  const line = (r: CsvRow): Cell[] => [
    r.rank,
    r.player.id,
    r.player.name,
    r.games,
    r.wins,
    r.vp,
    r.vpPct,
    r.vpPctExact,
    r.seconds,
    r.thirds,
    r.decidedBy,
    r.decidedByLots,
    r.lot,
    r.sessionId,
    r.qualified,
    r.disqualified,
    r.eliminated,
    ...(withEvent ? [r.phase, r.qualificationRank, r.semifinalPlacement, r.finalPlacement] : []),
  ];
  return toCsv(withEvent ? [...RANKING_COLUMNS, ...EVENT_COLUMNS] : RANKING_COLUMNS, [
    ...body.rows.map(line),
    ...body.disqualified.map(line),
  ]);
}

export interface SeatingBody {
  data: {
    id: string;
    number: number;
    tables: {
      id: string;
      number: number;
      seats: { position: number; seedRank: number | null; player: { id: string; name: string } }[];
      result: { status: string } | null;
    }[];
  }[];
}

/** A session's seating: one line per seat of every game, in game, table and turn order. */
export function seatingCsv(body: SeatingBody): string {
  const rows: Cell[][] = [];
  for (const round of body.data) {
    for (const table of round.tables) {
      for (const seat of table.seats) {
        rows.push([
          round.number,
          round.id,
          table.number,
          table.id,
          seat.position,
          seat.player.id,
          seat.player.name,
          seat.seedRank,
          table.result?.status ?? "",
        ]);
      }
    }
  }
  return toCsv(
    [
      "game",
      "round_id",
      "table",
      "table_id",
      "position",
      "player_id",
      "player",
      "seed_rank",
      "result_status",
    ],
    rows,
  );
}
