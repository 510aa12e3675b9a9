import { getEvent, getSession, listRegistrations, type SessionDto } from "../../services/events";
import { listSessionRounds } from "../../services/rounds";
import { getTables, type TableDto } from "../../services/tables";
import { serviceContext } from "../context";
import { PlayerSelect, roundName, SessionTabs, StateBadge, sessionTrail } from "./components";
import { assertConsoleReach, type ConsoleContext } from "./context";
import { ConsoleLayout } from "./layout";
import { type Action, FormHidden, type PageState, type Render, sendHtml } from "./page";

type RoundDto = Awaited<ReturnType<typeof listSessionRounds>>["data"][number];
type Registration = Awaited<ReturnType<typeof listRegistrations>>["data"][number];

interface SessionView {
  event: { id: string; name: string };
  session: SessionDto;
  rounds: RoundDto[];
  tables: Map<string, TableDto>;
  /** Players still playing, for the drop form (organisers only). */
  active: { id: string; name: string }[];
}

/** A table's card in the live view: its state, its players, the way to its sheet. */
function TableCard({ cx, table }: { cx: ConsoleContext; table: TableDto }) {
  const { p, m } = cx;
  const canEnter = cx.can("results:submit") && table.result?.status !== "final";
  return (
    <article class="tablecard" data-table={table.id} aria-labelledby={`t-${table.id}`}>
      <h3 id={`t-${table.id}`}>
        {p.t.table(table.number)} <StateBadge cx={cx} table={table} />
      </h3>
      <ol>
        {table.seats.map((seat) => (
          <li>
            {seat.player.name}
            {table.result && seat.vp !== null ? ` — ${seat.vp} ${p.t.vp}` : ""}
          </li>
        ))}
      </ol>
      <a class="open" href={p.link(`/console/t/${table.id}`)}>
        {canEnter && !table.result ? m.enterSheet : m.openTable}
        <span class="visually-hidden"> {p.t.table(table.number)}</span>
      </a>
    </article>
  );
}

/** The games and their tables: the part the live script refreshes. */
function LiveTables({ cx, view }: { cx: ConsoleContext; view: SessionView }) {
  const { p, m } = cx;
  const lang = p.lang;
  return (
    <div id="live" data-event={view.event.id} data-live-label={m.liveUpdated}>
      {view.rounds.length === 0 ? <p>{m.noGamesYet}</p> : null}
      {view.rounds.map((round) => {
        const tables = round.tables.map((t) => view.tables.get(t.id)).filter((t): t is TableDto => !!t);
        const final = tables.filter((t) => t.result?.status === "final").length;
        return (
          <section aria-labelledby={`r-${round.id}`} class="game">
            <h2 id={`r-${round.id}`}>
              {roundName(cx, round.kind, round.number)}{" "}
              <span class="muted">· {p.t.waitingForResults(final, tables.length)}</span>
            </h2>
            {cx.device?.role !== "reporter" ? (
              <p>
                <a href={`/s/${view.session.id}/print/sheets?round=${round.number}&lang=${lang}`}>
                  {m.printSheets(round.number)}
                </a>{" "}
                ·{" "}
                <a href={`/s/${view.session.id}/print/slips?round=${round.number}&lang=${lang}`}>
                  {m.printSlips(round.number)}
                </a>
              </p>
            ) : null}
            <div class="tables">
              {tables.map((table) => (
                <TableCard cx={cx} table={table} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function SeatingControls({ cx, view }: { cx: ConsoleContext; view: SessionView }) {
  const { m, p } = cx;
  const { session, rounds } = view;
  const last = rounds.at(-1);
  const lastHasResults = last?.tables.some((t) => view.tables.get(t.id)?.result) ?? false;
  const more = session.roundsGenerated < session.gamesPlanned;
  return (
    <section aria-labelledby="seating">
      <h2 id="seating">{p.t.seating}</h2>
      <div class="actions">
        {more ? (
          <form method="post">
            <FormHidden action="seat-next" />
            <button type="submit">{m.seatNext(session.roundsGenerated + 1)}</button>
          </form>
        ) : null}
        {more && session.roundsGenerated < 3 && session.gamesPlanned >= 3 ? (
          <form method="post">
            <FormHidden action="seat-all" />
            <button type="submit" class="secondary">
              {m.seatAll}
            </button>
          </form>
        ) : null}
        {last && !lastHasResults && last.kind === "prelim" ? (
          <form method="post">
            <FormHidden action="remove-game" />
            <input type="hidden" name="roundId" value={last.id} />
            <button type="submit" class="secondary">
              {m.removeGame(last.number)}
            </button>
          </form>
        ) : null}
      </div>
      <p>
        {p.t.print}
        {p.t.colon} <a href={`/s/${session.id}/print/seating?lang=${p.lang}`}>{m.printSeating}</a>
      </p>
    </section>
  );
}

function DropForm({ cx, view, state }: { cx: ConsoleContext; view: SessionView; state: PageState }) {
  const { m } = cx;
  const played = view.session.roundsGenerated;
  if (played === 0 || view.active.length === 0) return null;
  return (
    <section aria-labelledby="drops">
      <h2 id="drops">{m.dropTitle}</h2>
      <p class="muted">{m.dropHelp}</p>
      <form method="post" class="card">
        <FormHidden action="drop" />
        <div class="row">
          <PlayerSelect
            id="drop-player"
            name="playerId"
            players={view.active}
            label={m.player}
            selected={state.values?.playerId}
          />
          <div>
            <label for="drop-after">{m.afterGame}</label>
            <select id="drop-after" name="afterGame">
              {Array.from({ length: played }, (_, i) => i + 1).map((n) => (
                <option value={String(n)} selected={String(n) === (state.values?.afterGame ?? "1")}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" class="danger">
          {m.dropButton}
        </button>
      </form>
    </section>
  );
}

function SessionPage({ cx, view, state }: { cx: ConsoleContext; view: SessionView; state: PageState }) {
  const { session, event } = view;
  return (
    <ConsoleLayout
      cx={cx}
      title={session.name}
      trail={sessionTrail(cx, event)}
      refusal={state.refusal}
      done={state.done}
    >
      <SessionTabs cx={cx} session={session} current="games" />
      {cx.can("seating:write") ? <SeatingControls cx={cx} view={view} /> : null}
      <LiveTables cx={cx} view={view} />
      {cx.can("registrations:write") ? <DropForm cx={cx} view={view} state={state} /> : null}
    </ConsoleLayout>
  );
}

export const renderSession: Render = async (c, cx, state) => {
  const ctx = serviceContext(c);
  const sessionId = c.req.param("sessionId")!;
  const session = await getSession(ctx, sessionId);
  assertConsoleReach(cx, { eventId: session.eventId, sessionId });
  const [event, rounds, roster] = await Promise.all([
    getEvent(ctx, session.eventId),
    listSessionRounds(ctx, sessionId),
    cx.can("registrations:write") ? listRegistrations(ctx, sessionId) : Promise.resolve({ data: [] }),
  ]);
  const found = await getTables(
    ctx,
    rounds.data.flatMap((r) => r.tables.map((t) => t.id)),
  );
  const tables = new Map<string, TableDto>();
  for (const [id, table] of found) if (!(table instanceof Error)) tables.set(id, table);
  const active = (roster.data as Registration[])
    .filter((r) => r.status === "checked-in" || r.status === "registered")
    .map((r) => ({ id: r.player.id, name: r.player.name }))
    .sort((a, b) => a.name.localeCompare(b.name, cx.p.lang));
  const view: SessionView = { event, session, rounds: rounds.data, tables, active };
  return sendHtml(c, <SessionPage cx={cx} view={view} state={state} />, state.status);
};

export const sessionActions: Record<string, Action> = {
  "seat-next": async ({ params, api }) => ({
    answer: await api({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(params.sessionId ?? "")}/rounds`,
      body: {},
      idempotent: true,
    }),
  }),
  "seat-all": async ({ params, api }) => ({
    answer: await api({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(params.sessionId ?? "")}/rounds`,
      body: { plan: "all" },
      idempotent: true,
    }),
  }),
  "remove-game": async ({ form, api }) => ({
    answer: await api({ method: "DELETE", path: `/v1/rounds/${encodeURIComponent(form.roundId ?? "")}` }),
  }),
  drop: async ({ cx, form, params, api }) => ({
    answer: await api({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(params.sessionId ?? "")}/drops`,
      body: { playerId: form.playerId ?? "", afterGame: Number(form.afterGame) },
      idempotent: true,
    }),
    labels: { playerId: cx.m.player, afterGame: cx.m.afterGame },
    anchor: "drops",
  }),
};
