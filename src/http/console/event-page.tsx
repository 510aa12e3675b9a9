import { ServiceError } from "../../services/errors";
import { type EventPhase, getEvent, listSessions, type SessionDto } from "../../services/events";
import { listChildOrganizations, type OrganizationDto } from "../../services/orgs";
import { getRound } from "../../services/rounds";
import { getEventStandings, getQualification } from "../../services/standings";
import { serviceContext } from "../context";
import { StandingsTable } from "../pages/standings-table";
import { roundName } from "./components";
import { assertConsoleReach, assertNotScorer, type ConsoleContext } from "./context";
import { opt } from "./home-page";
import { ConsoleLayout } from "./layout";
import { type Action, FormHidden, type PageState, type Render, sendHtml } from "./page";

type EventDto = Awaited<ReturnType<typeof getEvent>>;
type Qualification = Awaited<ReturnType<typeof getQualification>>;
interface PlayoffRound {
  id: string;
  kind: string;
  number: number;
  tables: { id: string; number: number }[];
}

type Standings = Awaited<ReturnType<typeof getEventStandings>>;

interface EventView {
  event: EventDto;
  standings: Standings | null;
  sessions: SessionDto[];
  qualification: Qualification | null;
  playoffs: PlayoffRound[];
  hosts: OrganizationDto[];
  owner: boolean;
}

function SessionsTable({ cx, view }: { cx: ConsoleContext; view: EventView }) {
  const { m, p } = cx;
  const hostName = new Map(view.hosts.map((o) => [o.id, o.name]));
  return (
    <table class="stack">
      <caption class="muted">{m.sessionsCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{m.sessionName}</th>
          <th scope="col">{m.date}</th>
          <th scope="col">{m.host}</th>
          <th scope="col" class="num">
            {p.t.players}
          </th>
          <th scope="col" class="num">
            {p.t.gamesSeated}
          </th>
        </tr>
      </thead>
      <tbody>
        {view.sessions.map((session) => (
          <tr>
            <th scope="row" class="rh">
              <a href={p.link(`/console/s/${session.id}`)}>{session.name}</a>
            </th>
            <td data-label={m.date}>
              {session.startsAtUtc
                ? p.dateTime(session.startsAtUtc, session.timeZone)
                : session.date
                  ? p.date(session.date)
                  : "—"}
            </td>
            <td data-label={m.host}>
              {session.hostOrgId ? (hostName.get(session.hostOrgId) ?? session.hostOrgId) : "—"}
            </td>
            <td class="num" data-label={p.t.players}>
              {session.playerCount}
            </td>
            <td class="num" data-label={p.t.gamesSeated}>
              {session.roundsGenerated}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NewSessionForm({ cx, view, state }: { cx: ConsoleContext; view: EventView; state: PageState }) {
  const { m } = cx;
  const v = state.values ?? {};
  return (
    <section aria-labelledby="new-session">
      <h2 id="new-session">{m.newSession}</h2>
      <form method="post" class="card">
        <FormHidden action="new-session" />
        <div class="row">
          <div>
            <label for="session-name">{m.sessionName}</label>
            <input id="session-name" name="name" required maxlength={200} value={v.name ?? ""} />
          </div>
          <div>
            <label for="session-date">{m.date}</label>
            <input id="session-date" name="date" type="date" value={v.date ?? view.event.startsOn ?? ""} />
          </div>
          <div>
            <label for="session-time">{m.startTime}</label>
            <input id="session-time" name="time" type="time" value={v.time ?? ""} />
          </div>
          <div>
            <label for="session-zone">{m.timeZone}</label>
            <input
              id="session-zone"
              name="timeZone"
              maxlength={64}
              placeholder="Europe/Vilnius"
              value={v.timeZone ?? view.event.timezone ?? ""}
            />
          </div>
          <div>
            <label for="session-host">{m.host}</label>
            <select id="session-host" name="hostOrgId">
              <option value="">{m.noHost}</option>
              {view.hosts.map((org) => (
                <option value={org.id} selected={v.hostOrgId === org.id}>
                  {org.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p class="muted">{m.startTimeHelp}</p>
        <button type="submit">{m.create}</button>
      </form>
    </section>
  );
}

function Playoffs({ cx, view }: { cx: ConsoleContext; view: EventView }) {
  const { m, p } = cx;
  const phase = view.event.phase as EventPhase;
  const structure = view.event.structure;
  const canSeat = view.owner && cx.can("seating:write");
  return (
    <section aria-labelledby="playoffs">
      <h2 id="playoffs">{p.t.playoffs}</h2>
      {view.playoffs.length === 0 ? <p>{m.noPlayoffsYet}</p> : null}
      {view.playoffs.map((round) => (
        <div class="card">
          <h3>{roundName(cx, round.kind, round.number)}</h3>
          <ul>
            {round.tables.map((table) => (
              <li>
                <a href={p.link(`/console/t/${table.id}`)}>{p.t.table(table.number)}</a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {canSeat ? (
        <div class="actions">
          {structure !== "final-only" && view.playoffs.every((r) => r.kind !== "semifinal") ? (
            <form method="post">
              <FormHidden action="seat-semifinals" />
              <button type="submit">{m.seatSemifinals}</button>
            </form>
          ) : null}
          {view.playoffs.every((r) => r.kind !== "final") && phase !== "completed" ? (
            <form method="post">
              <FormHidden action="seat-final" />
              <button type="submit">{m.seatFinal}</button>
            </form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function EventPage({ cx, view, state }: { cx: ConsoleContext; view: EventView; state: PageState }) {
  const { m, p } = cx;
  const { event, qualification } = view;
  const sessionNames = new Map((qualification?.sessions ?? []).map((s) => [s.id, s.name]));
  return (
    <ConsoleLayout
      cx={cx}
      title={event.name}
      trail={cx.device?.limit ? [] : [{ href: p.link("/console"), label: m.events }]}
      refusal={state.refusal}
      done={state.done}
    >
      <ul class="meta">
        <li>
          {m.phase}
          {m.colon} {m.phases[event.phase] ?? event.phase}
        </li>
        <li>{p.t.structure[event.structure] ?? event.structure}</li>
        <li>
          <a href={p.link(`/e/${event.id}`)}>{m.publicPage}</a>
        </li>
        <li>
          <a href={p.link(`/e/${event.id}/screen`)}>{p.t.screenLink}</a>
        </li>
      </ul>
      <h2>{p.t.sessions}</h2>
      {view.sessions.length === 0 ? <p>{m.noSessions}</p> : <SessionsTable cx={cx} view={view} />}
      {view.owner && cx.can("events:write") ? <NewSessionForm cx={cx} view={view} state={state} /> : null}
      <h2>{p.t.qualification}</h2>
      {qualification && qualification.rows.length > 0 ? (
        <StandingsTable
          p={p}
          caption={p.t.qualificationNote(qualification.qualifierCount)}
          rows={qualification.rows}
          cutAfter={qualification.qualifierCount}
          sessionNames={sessionNames}
        />
      ) : (
        <p>{p.t.noResults}</p>
      )}
      <Playoffs cx={cx} view={view} />
      {view.standings && view.standings.phase !== "prelim" && view.playoffs.length > 0 ? (
        <>
          <h2>{p.t.finalStandings}</h2>
          <StandingsTable p={p} caption={p.t.finalStandings} rows={view.standings.rows} />
        </>
      ) : null}
    </ConsoleLayout>
  );
}

/** A ranking the stored results contradict (a conflict) leaves the page without it. */
async function unlessConflict<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === "conflict") return null;
    throw error;
  }
}

export const renderEvent: Render = async (c, cx, state) => {
  const ctx = serviceContext(c);
  const eventId = c.req.param("eventId")!;
  const event = await getEvent(ctx, eventId);
  assertConsoleReach(cx, { eventId });
  assertNotScorer(cx);
  const owner = event.orgId === cx.device!.orgId;
  const [sessions, qualification, standings, children] = await Promise.all([
    listSessions(ctx, eventId),
    unlessConflict(getQualification(ctx, eventId)),
    unlessConflict(getEventStandings(ctx, eventId)),
    owner && !cx.device!.limit
      ? listChildOrganizations(ctx, event.orgId, { limit: 200 })
      : Promise.resolve({ data: [] }),
  ]);
  const playoffs = await Promise.all(
    (standings?.rounds ?? []).filter((r) => r.kind !== "prelim").map((r) => getRound(ctx, r.id)),
  );
  // The organisation itself may host too; its stores are the usual hosts.
  const hosts: OrganizationDto[] = [
    {
      id: event.orgId,
      name: cx.m.thisOrganisation,
      kind: "store",
      parentOrgId: null,
      timeZone: null,
      createdAt: "",
    },
    ...children.data,
  ];
  const view: EventView = {
    event,
    standings,
    sessions: sessions.data,
    qualification,
    playoffs,
    hosts,
    owner,
  };
  return sendHtml(c, <EventPage cx={cx} view={view} state={state} />, state.status);
};

export const eventActions: Record<string, Action> = {
  "new-session": async ({ cx, form, params, api }) => {
    const date = opt(form.date);
    const time = opt(form.time);
    const answer = await api({
      method: "POST",
      path: `/v1/events/${encodeURIComponent(params.eventId ?? "")}/sessions`,
      body: {
        name: form.name ?? "",
        ...(date && !time ? { date } : {}),
        ...(date && time ? { startsAt: `${date}T${time}` } : {}),
        ...(opt(form.timeZone) ? { timeZone: opt(form.timeZone) } : {}),
        ...(opt(form.hostOrgId) ? { hostOrgId: opt(form.hostOrgId) } : {}),
      },
      idempotent: true,
    });
    return {
      answer,
      labels: {
        name: cx.m.sessionName,
        date: cx.m.date,
        startsAt: cx.m.startTime,
        timeZone: cx.m.timeZone,
        hostOrgId: cx.m.host,
      },
      ...(answer.ok ? { redirect: `/console/s/${answer.body.id}/players` } : {}),
    };
  },
  "seat-semifinals": async ({ params, api }) => ({
    answer: await api({
      method: "POST",
      path: `/v1/events/${encodeURIComponent(params.eventId ?? "")}/semifinals`,
      idempotent: true,
    }),
    anchor: "playoffs",
  }),
  "seat-final": async ({ params, api }) => ({
    answer: await api({
      method: "POST",
      path: `/v1/events/${encodeURIComponent(params.eventId ?? "")}/final`,
      idempotent: true,
    }),
    anchor: "playoffs",
  }),
};
