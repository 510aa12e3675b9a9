import { noRefereeWarning } from "../../services/events";
import type { TableDto } from "../../services/tables";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";
import { type ShownRow, StandingsTable } from "./standings-table";

export interface EventPageData {
  event: {
    id: string;
    name: string;
    startsOn: string | null;
    venue: string | null;
    timezone: string | null;
    lotSeed: string;
    structure: string;
    uniqueParticipants: number;
    valid: boolean;
    /** The reasons of rule 1.1.3 and the warnings (docs/rules.md#referees). */
    validity: string[];
    edition: string | null;
    language: string | null;
  };
  sessions: {
    id: string;
    name: string;
    date: string | null;
    startsAtUtc: string | null;
    timeZone: string | null;
    venue: string | null;
    playerCount: number;
    roundsGenerated: number;
  }[];
  /** Disqualified players are named only: their rows have no rank. */
  qualification: {
    qualifierCount: number;
    rows: ShownRow[];
    disqualified: Omit<ShownRow, "rank" | "decidedBy">[];
  };
  /** Null when the stored playoff results contradict the qualification (the API's 409). */
  standings: { phase: string; rows: ShownRow[] } | null;
  playoffs: { kind: "semifinal" | "final"; tables: TableDto[] }[];
}

function PlayoffTable({ p, table, label }: { p: PageContext; table: TableDto; label: string }) {
  return (
    <section class="tablecard" aria-label={label}>
      <h3>
        <a href={p.link(`/t/${table.id}`)}>{label}</a>
      </h3>
      <table>
        <thead>
          <tr>
            <th scope="col" class="num">
              {p.t.seat}
            </th>
            <th scope="col">{p.t.player}</th>
            <th scope="col" class="num">
              <abbr title={p.t.vpLong}>{p.t.vp}</abbr>
            </th>
            <th scope="col" class="num">
              {p.t.placement}
            </th>
          </tr>
        </thead>
        <tbody>
          {table.seats.map((seat) => (
            <tr>
              <td class="num">{seat.position}</td>
              <td>
                {seat.player.name}
                {table.result?.winnerId === seat.player.id ? ` · ${p.t.winner}` : ""}
              </td>
              <td class="num">{seat.vp ?? ""}</td>
              <td class="num">{seat.placement ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">{p.t.status[table.result?.status ?? "none"]}</p>
    </section>
  );
}

/** `/e/{eventId}`: the public event page. */
export function EventPage({ p, data }: { p: PageContext; data: EventPageData }) {
  const { event, sessions, qualification, standings, playoffs } = data;
  const t = p.t;
  const sessionNames = new Map(sessions.map((s) => [s.id, s.name]));
  // The CSV in the page's language: French and Lithuanian get what their Excel opens.
  const csv = (path: string) => `${path}?format=csv&lang=${p.lang}`;
  return (
    <Layout p={p} title={event.name}>
      <main>
        <h1>{event.name}</h1>
        <ul class="meta">
          {event.startsOn ? <li>{p.date(event.startsOn)}</li> : null}
          {event.venue ? <li>{event.venue}</li> : null}
          <li>
            {t.timeZone}
            {t.colon} {event.timezone ?? "UTC"}
          </li>
          <li>
            {t.uniqueParticipants}
            {t.colon} {event.uniqueParticipants}
          </li>
          <li>{t.structure[event.structure] ?? event.structure}</li>
          {event.valid ? null : <li>{t.notValid}</li>}
          {event.validity.includes(noRefereeWarning(event.id)) ? <li>{t.noReferee}</li> : null}
          {event.edition ? (
            <li>
              {t.edition}
              {t.colon} {event.edition}
            </li>
          ) : null}
          {event.language ? (
            <li>
              {t.tournamentLanguage}
              {t.colon} {p.languageName(event.language)}
            </li>
          ) : null}
        </ul>
        <p>
          <a href={p.link(`/e/${event.id}/screen`)}>{t.screenLink}</a>
          {" · "}
          <a href={`/v1/events/${event.id}/calendar.ics`}>{t.calendar}</a>
        </p>

        <h2>{t.sessions}</h2>
        {sessions.length === 0 ? (
          <p>{t.notPlayed}</p>
        ) : (
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">{t.session}</th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.venue}</th>
                <th scope="col" class="num">
                  {t.players}
                </th>
                <th scope="col" class="num">
                  {t.gamesSeated}
                </th>
                <th scope="col">{t.print}</th>
                <th scope="col">{t.csv}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr>
                  <th scope="row" class="rh">
                    {s.name}
                  </th>
                  {/* A start time is shown in the session's own zone (the players' local time). */}
                  <td data-label={t.date}>
                    {s.startsAtUtc ? p.dateTime(s.startsAtUtc, s.timeZone) : p.date(s.date)}
                  </td>
                  <td data-label={t.venue}>{s.venue ?? ""}</td>
                  <td class="num" data-label={t.players}>
                    {s.playerCount}
                  </td>
                  <td class="num" data-label={t.gamesSeated}>
                    {s.roundsGenerated}
                  </td>
                  <td data-label={t.print}>
                    {s.roundsGenerated > 0 ? (
                      <>
                        <a href={p.link(`/s/${s.id}/print/seating`)}>{t.seatingLink}</a>
                        {Array.from({ length: s.roundsGenerated }, (_, i) => (
                          <>
                            {" · "}
                            <a href={p.link(`/s/${s.id}/print/sheets?round=${i + 1}`)}>
                              {t.sheetsLink(i + 1)}
                            </a>
                          </>
                        ))}
                      </>
                    ) : (
                      ""
                    )}
                  </td>
                  <td data-label={t.csv}>
                    <a href={csv(`/v1/sessions/${s.id}/standings`)}>{t.ranking}</a>
                    {s.roundsGenerated > 0 ? (
                      <>
                        {" · "}
                        <a href={csv(`/v1/sessions/${s.id}/rounds`)}>{t.seating}</a>
                      </>
                    ) : null}
                    {" · "}
                    <a href={csv(`/v1/sessions/${s.id}/players`)}>{t.rosterLink}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <h2>{t.qualification}</h2>
        <p>
          {t.qualificationNote(qualification.qualifierCount)}{" "}
          <a href={csv(`/v1/events/${event.id}/qualification`)}>{t.csv}</a>
        </p>
        {qualification.rows.length === 0 ? (
          <p>{t.noResults}</p>
        ) : (
          <StandingsTable
            p={p}
            caption={t.qualification}
            rows={qualification.rows}
            cutAfter={qualification.qualifierCount}
            sessionNames={sessionNames}
          />
        )}
        {qualification.disqualified.length > 0 ? (
          <p>
            {t.disqualified}
            {t.colon} {qualification.disqualified.map((r) => r.player.name).join(", ")}
          </p>
        ) : null}

        {playoffs.length > 0 ? (
          <>
            <h2>{t.playoffs}</h2>
            {playoffs.map((round) => (
              <div class="tables">
                {round.tables.map((table) => (
                  <PlayoffTable
                    p={p}
                    table={table}
                    label={`${round.kind === "final" ? t.final : t.semifinal} · ${t.table(table.number)}`}
                  />
                ))}
              </div>
            ))}
          </>
        ) : null}

        {standings && standings.phase !== "prelim" ? (
          <>
            <h2>{t.finalStandings}</h2>
            <p>
              <a href={csv(`/v1/events/${event.id}/standings`)}>{t.csv}</a>
            </p>
            <StandingsTable p={p} caption={t.finalStandings} rows={standings.rows} />
          </>
        ) : (
          <p class="muted">{t.standingsBeforePlayoffs}</p>
        )}

        <h2>{t.lots}</h2>
        <p>
          {t.lotSeed}
          {t.colon} <code>{event.lotSeed}</code>
        </p>
        <p>
          {t.lotsExplain}
          {t.colon}
        </p>
        <pre>
          <code>{`printf '%s' "${event.lotSeed}:<player id>" | sha256sum | cut -c1-16`}</code>
        </pre>
      </main>
    </Layout>
  );
}
