import type { Child } from "hono/jsx";
import type { EventStandingsDto, StandingsRowDto } from "../../services/standings";
import type { PageContext } from "./page-context";

/** The heading of a column of numbers (right-aligned like them). */
export const NumTh = ({ children }: { children: Child }) => (
  <th scope="col" class="num">
    {children}
  </th>
);

/** A cell of a number column, labelled for the stacked layout of a narrow screen. */
export const NumTd = ({ label, children }: { label: string; children: Child }) => (
  <td class="num" data-label={label}>
    {children}
  </td>
);

/** The VP and VP% headings, their long names on hover. */
export const VpHeadings = ({ t }: { t: PageContext["t"] }) => (
  <>
    <NumTh>
      <abbr title={t.vpLong}>{t.vp}</abbr>
    </NumTh>
    <NumTh>
      <abbr title={t.vpPctLong}>{t.vpPct}</abbr>
    </NumTh>
  </>
);

/** A row of the rankings the pages show (session standings, qualification, event standings). */
export type ShownRow = StandingsRowDto | EventStandingsDto["rows"][number];

interface StandingsTableProps {
  p: PageContext;
  caption: string;
  rows: readonly ShownRow[];
  /** Qualification: a dashed line after this many rows, labelled with the cut. */
  cutAfter?: number;
  /** Qualification: the name of the session that counted. */
  sessionNames?: ReadonlyMap<string, string>;
}

/**
 * VP% as a percentage with 2 decimals: the 4 decimals the rules print by hand (rule 1.4.3,
 * 0.3448 is 34.48 %), in the reader's notation; the exact value stays in the API.
 */
export const vpPctShown = (p: PageContext, vpPct: string) =>
  new Intl.NumberFormat(p.lang, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 })
    // A numeric string is formatted from its decimal digits, not through a float.
    .format(vpPct as unknown as number);

export function StandingsTable({ p, caption, rows, cutAfter, sessionNames }: StandingsTableProps) {
  const t = p.t;
  const columns = sessionNames ? 10 : 9;
  return (
    <table class="stack">
      <caption class="muted">{caption}</caption>
      <thead>
        <tr>
          <NumTh>{t.rank}</NumTh>
          <th scope="col">{t.player}</th>
          <NumTh>{t.games}</NumTh>
          <NumTh>{t.wins}</NumTh>
          <VpHeadings t={t} />
          <NumTh>{t.seconds}</NumTh>
          <NumTh>{t.thirds}</NumTh>
          {sessionNames ? <th scope="col">{t.countedSession}</th> : null}
          <th scope="col">{t.decidedBy}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <>
            <tr>
              <td class="num">{row.rank ?? "—"}</td>
              <th scope="row" class="rh">
                {row.player.name}
                {row.eliminated ? <span class="muted"> · {t.eliminated}</span> : null}
              </th>
              <NumTd label={t.games}>{row.games}</NumTd>
              <NumTd label={t.wins}>{row.wins}</NumTd>
              <NumTd label={t.vp}>{row.vp}</NumTd>
              <td class="num" data-label={t.vpPct} title={row.vpPct}>
                {vpPctShown(p, row.vpPct)}
              </td>
              <NumTd label={t.seconds}>{row.seconds}</NumTd>
              <NumTd label={t.thirds}>{row.thirds}</NumTd>
              {sessionNames ? (
                <td data-label={t.countedSession}>
                  {row.sessionId ? (sessionNames.get(row.sessionId) ?? "") : ""}
                </td>
              ) : null}
              <td>{row.decidedBy ? (t.decided[row.decidedBy] ?? row.decidedBy) : ""}</td>
            </tr>
            {cutAfter !== undefined && i + 1 === cutAfter && i + 1 < rows.length ? (
              <tr class="cut">
                <td colspan={columns}>{t.cutLine(cutAfter)}</td>
              </tr>
            ) : null}
          </>
        ))}
      </tbody>
    </table>
  );
}
