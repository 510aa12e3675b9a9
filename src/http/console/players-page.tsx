import { getEvent, getSession, listRegistrations, type SessionDto } from "../../services/events";
import { foldForSearch, listPlayers } from "../../services/players";
import { serviceContext } from "../context";
import { SessionTabs, sessionTrail } from "./components";
import { assertConsoleReach, type ConsoleContext } from "./context";
import { ConsoleLayout } from "./layout";
import {
  type Action,
  type ActionArgs,
  FormHidden,
  formKey,
  ItemAction,
  type PageState,
  type Render,
  sendHtml,
} from "./page";

type Registration = Awaited<ReturnType<typeof listRegistrations>>["data"][number];

interface PlayersView {
  event: { id: string; name: string };
  session: SessionDto;
  roster: Registration[];
  query: string;
  /** Players of the organisation matching the search, not registered yet. */
  found: { id: string; name: string; externalId: string | null }[] | null;
}

function statusText(cx: ConsoleContext, r: Registration): string {
  if (r.status === "dropped" && r.droppedAfterGame !== null) return cx.m.droppedAfter(r.droppedAfterGame);
  return cx.m.registrationStatus[r.status] ?? r.status;
}

function Roster({ cx, view }: { cx: ConsoleContext; view: PlayersView }) {
  const { m, p } = cx;
  const open = view.session.roundsGenerated === 0;
  const waiting = view.roster.filter((r) => r.status === "registered");
  const checkedIn = view.roster.filter((r) => r.status === "checked-in").length;
  return (
    <section aria-labelledby="roster">
      <h2 id="roster">{m.rosterTitle}</h2>
      <p id="roster-count">{m.rosterCount(view.roster.length, checkedIn)}</p>
      {open && checkedIn > 0 && waiting.length > 0 ? (
        <p class="muted">{m.noShowNote(waiting.length)}</p>
      ) : null}
      {open && waiting.length > 1 ? (
        <form method="post" class="actions">
          <FormHidden action="check-in-all" />
          {waiting.map((r) => (
            <input type="hidden" name="playerIds" value={r.player.id} />
          ))}
          <button type="submit" class="secondary">
            {m.checkInAll(waiting.length)}
          </button>
        </form>
      ) : null}
      {view.roster.length === 0 ? (
        <p>{m.noPlayersYet}</p>
      ) : (
        <table class="stack">
          <caption class="muted">{m.rosterCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{m.player}</th>
              <th scope="col">{m.status}</th>
              <th scope="col">{m.actions}</th>
            </tr>
          </thead>
          <tbody>
            {view.roster.map((r) => (
              <tr data-player={r.player.id}>
                <th scope="row" class="rh">
                  {r.player.name}
                </th>
                <td data-label={m.status} class="status">
                  {statusText(cx, r)}
                </td>
                <td>
                  {open && r.status === "registered" ? (
                    <ItemAction
                      action="check-in"
                      field="playerId"
                      id={r.player.id}
                      label={m.checkIn}
                      itemName={r.player.name}
                      queue={m.queueLabels.checkIn(r.player.name)}
                    />
                  ) : null}
                  {open && r.status === "checked-in" ? (
                    <ItemAction
                      action="undo-check-in"
                      field="playerId"
                      id={r.player.id}
                      label={m.undoCheckIn}
                      itemName={r.player.name}
                      tone="secondary"
                    />
                  ) : null}{" "}
                  {open ? (
                    <ItemAction
                      action="unregister"
                      field="playerId"
                      id={r.player.id}
                      label={m.unregister}
                      itemName={r.player.name}
                      tone="secondary"
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!open ? <p class="muted">{m.lateEntryNote}</p> : null}
      <p>
        <a href={`/s/${view.session.id}/print/seating?lang=${p.lang}`}>{m.printSeating}</a>
      </p>
    </section>
  );
}

function AddPlayers({ cx, view, state }: { cx: ConsoleContext; view: PlayersView; state: PageState }) {
  const { m } = cx;
  const v = state.values ?? {};
  const searchable = !cx.device?.limit;
  return (
    <section aria-labelledby="add">
      <h2 id="add">{m.addPlayers}</h2>
      {searchable ? (
        <form method="get" class="card">
          <label for="q">{m.searchPlayers}</label>
          <div class="row">
            <input id="q" name="q" type="search" value={view.query} maxlength={100} />
            {cx.p.link("/").includes("lang=") ? <input type="hidden" name="lang" value={cx.p.lang} /> : null}
            <button type="submit" class="secondary">
              {m.search}
            </button>
          </div>
        </form>
      ) : null}
      {view.found ? (
        view.found.length === 0 ? (
          <p>{m.noneFound}</p>
        ) : (
          <ul class="found">
            {view.found.map((player) => (
              <li>
                <form method="post" class="inline">
                  <FormHidden action="register" />
                  <input type="hidden" name="playerId" value={player.id} />
                  {player.name}
                  {player.externalId ? <span class="muted"> ({player.externalId})</span> : null}{" "}
                  <button type="submit">
                    {m.register}
                    <span class="visually-hidden"> {player.name}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <form method="post" class="card">
        <FormHidden action="new-player" />
        <label for="new-name">{m.newPlayer}</label>
        <div class="row">
          <input
            id="new-name"
            name="name"
            required
            maxlength={200}
            value={v.action === "new-player" ? (v.name ?? "") : ""}
          />
          <button type="submit">{m.addAndRegister}</button>
        </div>
      </form>
      <form method="post" class="card">
        <FormHidden action="paste" />
        <label for="paste">{m.pasteList}</label>
        <textarea id="paste" name="names" aria-describedby="paste-help" required>
          {v.action === "paste" ? (v.names ?? "") : ""}
        </textarea>
        <p id="paste-help" class="muted">
          {m.pasteHelp}
        </p>
        <button type="submit">{m.registerList}</button>
      </form>
    </section>
  );
}

function PlayersPage({ cx, view, state }: { cx: ConsoleContext; view: PlayersView; state: PageState }) {
  return (
    <ConsoleLayout
      cx={cx}
      title={view.session.name}
      trail={sessionTrail(cx, view.event)}
      refusal={state.refusal}
      done={state.done}
    >
      <SessionTabs cx={cx} session={view.session} current="players" />
      <Roster cx={cx} view={view} />
      <AddPlayers cx={cx} view={view} state={state} />
    </ConsoleLayout>
  );
}

export const renderPlayers: Render = async (c, cx, state) => {
  const ctx = serviceContext(c);
  const sessionId = c.req.param("sessionId")!;
  const session = await getSession(ctx, sessionId);
  assertConsoleReach(cx, { eventId: session.eventId, sessionId }, "registrations:write");
  const query = (c.req.query("q") ?? "").trim().slice(0, 100);
  const [event, roster] = await Promise.all([
    getEvent(ctx, session.eventId),
    listRegistrations(ctx, sessionId),
  ]);
  let found: PlayersView["found"] = null;
  if (query && !cx.device!.limit) {
    const registered = new Set(roster.data.map((r) => r.player.id));
    const page = await listPlayers(ctx, cx.device!.orgId, { q: query, limit: 25, includeDescendants: true });
    found = page.data.filter((p) => !registered.has(p.id));
  }
  const sorted = [...roster.data].sort((a, b) => a.player.name.localeCompare(b.player.name, cx.p.lang));
  const view: PlayersView = { event, session, roster: sorted, query, found };
  return sendHtml(c, <PlayersPage cx={cx} view={view} state={state} />, state.status);
};

/** Registers players in one request; retried forms are the same request (the key's suffix). */
function register(args: ActionArgs, playerIds: string[]) {
  return args.api({
    method: "POST",
    path: `/v1/sessions/${encodeURIComponent(args.params.sessionId ?? "")}/players`,
    body: { playerIds },
    idempotencyKey: `${args.key ?? formKey()}:register`,
  });
}

/** Creates a player of the device's organisation (a sub-request of the form, keyed by its suffix). */
function createPlayer(args: ActionArgs, name: string, suffix: string) {
  return args.api({
    method: "POST",
    path: `/v1/orgs/${args.cx.device!.orgId}/players`,
    body: { name },
    idempotencyKey: `${args.key ?? formKey()}:${suffix}`,
  });
}

export const playersActions: Record<string, Action> = {
  register: async (args) => ({ answer: await register(args, [args.form.playerId ?? ""]), anchor: "roster" }),
  "new-player": async (args) => {
    const created = await createPlayer(args, args.form.name ?? "", "create");
    if (!created.ok) return { answer: created, labels: { name: args.cx.m.newPlayer } };
    return { answer: await register(args, [created.body.id]), anchor: "roster" };
  },
  paste: async (args) => {
    const names = [
      ...new Set(
        (args.form.names ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    ];
    const labels = { names: args.cx.m.pasteList };
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      // The organisation's player of that name when there is one, else a new one.
      // Every page of the search: the one named so may come after fifty whose names contain it.
      const wanted = foldForSearch(name);
      let match: { id: string; name: string } | undefined;
      let cursor: string | undefined;
      do {
        const search = await args.api({
          method: "GET",
          path: `/v1/orgs/${args.cx.device!.orgId}/players?include=descendants&limit=50&q=${encodeURIComponent(name)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        });
        if (!search.ok) return { answer: search, labels };
        match = (search.body.data as { id: string; name: string }[]).find(
          (p) => foldForSearch(p.name) === wanted,
        );
        cursor = search.body.nextCursor ?? undefined;
      } while (!match && cursor);
      if (match) {
        ids.push(match.id);
        continue;
      }
      const created = await createPlayer(args, name, `create-${i}`);
      if (!created.ok)
        return { answer: created, labels: { ...labels, name: `${args.cx.m.pasteList}: ${name}` } };
      ids.push(created.body.id);
    }
    return {
      answer: await register(args, ids),
      labels: { ...labels, playerIds: args.cx.m.pasteList },
      anchor: "roster",
    };
  },
  unregister: async ({ form, params, api }) => ({
    answer: await api({
      method: "DELETE",
      path: `/v1/sessions/${encodeURIComponent(params.sessionId ?? "")}/players/${encodeURIComponent(form.playerId ?? "")}`,
    }),
    anchor: "roster",
  }),
  "check-in": async ({ form, params, api }) => ({
    answer: await api({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(params.sessionId ?? "")}/check-ins`,
      body: { playerIds: [form.playerId ?? ""] },
      idempotent: true,
    }),
    anchor: "roster",
  }),
  "check-in-all": async ({ all, params, api }) => ({
    answer: await api({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(params.sessionId ?? "")}/check-ins`,
      body: { playerIds: all.playerIds ?? [] },
      idempotent: true,
    }),
    anchor: "roster",
  }),
  "undo-check-in": async ({ form, params, api }) => ({
    answer: await api({
      method: "DELETE",
      path: `/v1/sessions/${encodeURIComponent(params.sessionId ?? "")}/check-ins/${encodeURIComponent(form.playerId ?? "")}`,
    }),
    anchor: "roster",
  }),
};
