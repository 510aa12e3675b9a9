import { type getEvent, noRefereeWarning, type SessionDto } from "../../services/events";
import type { EventStandingsDto, QualificationDto } from "../../services/standings";
import type { TableDto } from "../../services/tables";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";
import { NumTd, NumTh, StandingsTable } from "./standings-table";

export type EventDto = Awaited<ReturnType<typeof getEvent>>;

interface EventPageData {
  event: EventDto;
  sessions: SessionDto[];
  /** Disqualified players are named only: their rows have no rank. */
  qualification: QualificationDto;
  /** Null when the stored playoff results contradict the qualification (the API's 409). */
  standings: EventStandingsDto | null;
  playoffs: { kind: "semifinal" | "final"; tables: TableDto[] }[];
}

/**
 * The first and last day of an event: its start and every dated session. Null when none is
 * known. A session's date is its local day (a start time is kept in its own zone).
 */
export function eventDays(
  startsOn: string | null,
  sessions: readonly { date: string | null }[],
): { first: string; last: string } | null {
  const dates = [startsOn, ...sessions.map((s) => s.date)].filter((d): d is string => d !== null).sort();
  return dates.length === 0 ? null : { first: dates[0]!, last: dates.at(-1)! };
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
            <NumTh>{p.t.seat}</NumTh>
            <th scope="col">{p.t.player}</th>
            <NumTh>
              <abbr title={p.t.vpLong}>{p.t.vp}</abbr>
            </NumTh>
            <NumTh>{p.t.placement}</NumTh>
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

/** Every section of the page reads what it shows from the page's data. */
type SectionProps = { p: PageContext; data: EventPageData };

/** The read's CSV operation in the page's language: French and Lithuanian get what their Excel opens. */
function csvHref(p: PageContext, path: string): string {
  return `${path}.csv?lang=${p.lang}`;
}

/** Title, facts (dates, venue, zone, structure, validity...) and the links to the screen and calendar. */
function EventHeader({ p, data: { event, sessions } }: SectionProps) {
  const t = p.t;
  const days = eventDays(event.startsOn, sessions);
  return (
    <>
      <h1>{event.name}</h1>
      <ul class="meta">
        {days ? <li>{p.dateRange(days.first, days.last)}</li> : null}
        {event.venue ? <li>{event.venue}</li> : null}
        <li>{p.labelled(t.timeZone, event.timezone ?? "UTC")}</li>
        <li>{p.labelled(t.uniqueParticipants, event.uniqueParticipants)}</li>
        <li>{t.structure[event.structure] ?? event.structure}</li>
        {event.valid ? null : <li>{t.notValid}</li>}
        {event.validity.includes(noRefereeWarning(event.id)) ? <li>{t.noReferee}</li> : null}
        {event.edition ? <li>{p.labelled(t.edition, event.edition)}</li> : null}
        {event.language ? <li>{p.labelled(t.tournamentLanguage, p.languageName(event.language))}</li> : null}
      </ul>
      <p>
        <a href={p.link(`/e/${event.id}/screen`)}>{t.screenLink}</a>
        {" · "}
        <a href={`/v1/events/${event.id}/calendar.ics`}>{t.calendar}</a>
      </p>
    </>
  );
}

/** The prelim sessions, one row each with its printouts and CSV downloads. */
function SessionsSection({ p, data: { sessions } }: SectionProps) {
  const t = p.t;
  return (
    <>
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
              <NumTh>{t.players}</NumTh>
              <NumTh>{t.gamesSeated}</NumTh>
              <th scope="col">{t.print}</th>
              <th scope="col">CSV</th>
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
                <NumTd label={t.players}>{s.playerCount}</NumTd>
                <NumTd label={t.gamesSeated}>{s.roundsGenerated}</NumTd>
                <td data-label={t.print}>
                  <SessionPrintLinks p={p} s={s} />
                </td>
                <td data-label="CSV">
                  <SessionCsvLinks p={p} s={s} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The seating list and one result-sheet set per seated game; nothing before the first game is seated. */
function SessionPrintLinks({ p, s }: { p: PageContext; s: SessionDto }) {
  if (s.roundsGenerated === 0) return null;
  return (
    <>
      <a href={p.link(`/s/${s.id}/print/seating`)}>{p.t.seatingLink}</a>
      {Array.from({ length: s.roundsGenerated }, (_, i) => (
        <>
          {" · "}
          <a href={p.link(`/s/${s.id}/print/sheets?round=${i + 1}`)}>{p.t.sheetsLink(i + 1)}</a>
        </>
      ))}
    </>
  );
}

function SessionCsvLinks({ p, s }: { p: PageContext; s: SessionDto }) {
  const t = p.t;
  return (
    <>
      <a href={csvHref(p, `/v1/sessions/${s.id}/standings`)}>{t.ranking}</a>
      {s.roundsGenerated > 0 ? (
        <>
          {" · "}
          <a href={csvHref(p, `/v1/sessions/${s.id}/rounds`)}>{t.seating}</a>
        </>
      ) : null}
      {" · "}
      <a href={csvHref(p, `/v1/sessions/${s.id}/players`)}>{t.rosterLink}</a>
    </>
  );
}

function QualificationSection({ p, data: { event, sessions, qualification } }: SectionProps) {
  const t = p.t;
  return (
    <>
      <h2>{t.qualification}</h2>
      <p>
        {t.qualificationNote(qualification.qualifierCount)}{" "}
        <a href={csvHref(p, `/v1/events/${event.id}/qualification`)}>CSV</a>
      </p>
      {qualification.rows.length === 0 ? (
        <p>{t.noResults}</p>
      ) : (
        <StandingsTable
          p={p}
          caption={t.qualification}
          rows={qualification.rows}
          cutAfter={qualification.qualifierCount}
          sessionNames={new Map(sessions.map((s) => [s.id, s.name]))}
        />
      )}
      {qualification.disqualified.length > 0 ? (
        <p>{p.labelled(t.disqualified, qualification.disqualified.map((r) => r.player.name).join(", "))}</p>
      ) : null}
    </>
  );
}

function PlayoffsSection({ p, data: { playoffs } }: SectionProps) {
  const t = p.t;
  if (playoffs.length === 0) return null;
  return (
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
  );
}

/** The event's final standings once the playoffs have begun; before that, a note in their place. */
function FinalStandingsSection({ p, data: { event, standings } }: SectionProps) {
  const t = p.t;
  if (!standings || standings.phase === "prelim") return <p class="muted">{t.standingsBeforePlayoffs}</p>;
  return (
    <>
      <h2>{t.finalStandings}</h2>
      <p>
        <a href={csvHref(p, `/v1/events/${event.id}/standings`)}>CSV</a>
      </p>
      <StandingsTable p={p} caption={t.finalStandings} rows={standings.rows} />
    </>
  );
}

/** The lot seed and the command anyone can run to check the draw (docs/rules.md#lots). */
function LotsSection({ p, data }: SectionProps) {
  const t = p.t;
  const lotSeed = data.event.lotSeed;
  return (
    <>
      <h2>{t.lots}</h2>
      <p>
        {p.labelled(t.lotSeed)} <code>{lotSeed}</code>
      </p>
      <p>{p.labelled(t.lotsExplain)}</p>
      <pre>
        <code>{`printf '%s' "${lotSeed}:<player id>" | sha256sum | cut -c1-16`}</code>
      </pre>
    </>
  );
}

/** `/e/{eventId}`: the public event page. */
export function EventPage({ p, data }: SectionProps) {
  return (
    <Layout p={p} title={data.event.name}>
      <main>
        <EventHeader p={p} data={data} />
        <SessionsSection p={p} data={data} />
        <QualificationSection p={p} data={data} />
        <PlayoffsSection p={p} data={data} />
        <FinalStandingsSection p={p} data={data} />
        <LotsSection p={p} data={data} />
      </main>
    </Layout>
  );
}
