import { getEvent, getSession } from "../../services/events";
import { getRound } from "../../services/rounds";
import { getTable, type TableDto } from "../../services/tables";
import { serviceContext } from "../context";
import { PlayerSelect, roundName, StateBadge, sessionTrail } from "./components";
import { assertConsoleReach, type ConsoleContext } from "./context";
import { ConsoleLayout } from "./layout";
import {
  type Action,
  type ActionArgs,
  FormHidden,
  type PageState,
  type Render,
  sendHtml,
  TextField,
} from "./page";

interface TableView {
  table: TableDto;
  event: { id: string; name: string };
  session: { id: string; name: string } | null;
  title: string;
}

type Seat = TableDto["seats"][number];

const COLOURS = ["red", "blue", "white", "orange"] as const;

function SeatsTable({ cx, table }: { cx: ConsoleContext; table: TableDto }) {
  const { m, p } = cx;
  const result = table.result;
  return (
    <table class="stack seats">
      <caption class="muted">{m.seatsCaption}</caption>
      <thead>
        <tr>
          <th scope="col" class="num">
            {p.t.seat}
          </th>
          <th scope="col">{m.player}</th>
          <th scope="col" class="num">
            {p.t.vp}
          </th>
          <th scope="col">{p.t.placement}</th>
          <th scope="col">{m.confirmation}</th>
        </tr>
      </thead>
      <tbody>
        {table.seats.map((seat) => (
          <tr>
            <td class="num">{seat.position}</td>
            <th scope="row" class="rh">
              {seat.player.name}
              {seat.disqualified ? <span class="muted"> · {p.t.seatDisqualified}</span> : null}
            </th>
            <td class="num" data-label={p.t.vp}>
              {seat.vp ?? ""}
            </td>
            <td data-label={p.t.placement}>
              {result?.winnerId === seat.player.id
                ? p.t.winner
                : seat.placement
                  ? p.t.place(seat.placement)
                  : ""}
            </td>
            <td data-label={m.confirmation}>
              {seat.confirmed
                ? m.confirmedVia[seat.confirmedVia ?? "staff"]
                : result?.status === "pending"
                  ? m.notYet
                  : ""}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** VP per seat and the winner: the sheet, or its correction. */
function ScoreFields({
  cx,
  table,
  prefix,
  values,
}: {
  cx: ConsoleContext;
  table: TableDto;
  prefix: string;
  values?: Record<string, string[]>;
}) {
  const { m, p } = cx;
  const result = table.result;
  return (
    <>
      <fieldset>
        <legend>{p.t.vp}</legend>
        {table.seats.map((seat, i) => (
          <div class="row">
            <input type="hidden" name="playerId" value={seat.player.id} />
            <input type="hidden" name="playerName" value={seat.player.name} />
            <div>
              <label for={`${prefix}-vp-${i}`}>{m.vpOf(seat.player.name)}</label>
              <input
                id={`${prefix}-vp-${i}`}
                name="vp"
                type="number"
                inputmode="numeric"
                min="0"
                max="99"
                required
                value={values?.vp?.[i] ?? (seat.vp === null ? "" : String(seat.vp))}
              />
            </div>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{p.t.winner}</legend>
        {table.seats.map((seat) => (
          <label class="choice">
            <input
              type="radio"
              name="winnerId"
              value={seat.player.id}
              required
              checked={(values?.winnerId?.[0] ?? result?.winnerId) === seat.player.id}
            />
            {seat.player.name}
          </label>
        ))}
      </fieldset>
    </>
  );
}

function SheetForm({ cx, table, state }: { cx: ConsoleContext; table: TableDto; state: PageState }) {
  const { m } = cx;
  const result = table.result;
  const values = state.values?.action === "sheet" ? state.lists : undefined;
  return (
    <section aria-labelledby="sheet">
      <h2 id="sheet">{result ? m.replaceSheet : m.enterSheet}</h2>
      <form method="post" class="card" data-queue={m.queueLabels.sheet(cx.p.t.table(table.number))}>
        <FormHidden action="sheet" />
        {result ? <input type="hidden" name="ifMatch" value={`"${result.version}"`} /> : null}
        <ScoreFields cx={cx} table={table} prefix="sheet" values={values} />
        <button type="submit">{m.saveSheet}</button>
      </form>
    </section>
  );
}

function Confirmations({ cx, table }: { cx: ConsoleContext; table: TableDto }) {
  const { m } = cx;
  const result = table.result;
  if (result?.status !== "pending") return null;
  const waiting = table.seats.filter((s) => result.awaitingConfirmation.includes(s.player.id));
  return (
    <section aria-labelledby="confirm">
      <h2 id="confirm">{m.confirmations}</h2>
      <p class="muted">{m.confirmHelp}</p>
      {waiting.length === 0 ? <p>{m.allConfirmed}</p> : null}
      <div class="actions">
        {waiting.map((seat) => (
          <form method="post" data-queue={m.queueLabels.confirm(seat.player.name)}>
            <FormHidden action="confirm" />
            <input type="hidden" name="playerId" value={seat.player.id} />
            <input type="hidden" name="ifMatch" value={`"${result.version}"`} />
            <button type="submit" class="secondary">
              {m.confirmFor(seat.player.name)}
            </button>
          </form>
        ))}
      </div>
      {result.disputes.length > 0 ? (
        <>
          <h3>{m.disputes}</h3>
          <ul>
            {result.disputes.map((d) => (
              <li>
                {table.seats.find((s) => s.player.id === d.playerId)?.player.name ?? d.playerId}
                {cx.m.colon} {d.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Finalize a pending sheet, or settle its dispute by keeping it. */
function FinalizeForm({ cx, table, state }: { cx: ConsoleContext; table: TableDto; state: PageState }) {
  const { m } = cx;
  const result = table.result;
  if (result?.status !== "pending") return null;
  const v = state.values ?? {};
  const disputed = result.disputes.length > 0;
  return (
    <section aria-labelledby="decide">
      <h2 id="decide">{m.referee}</h2>
      <form method="post" class="card">
        <FormHidden action="finalize" />
        <input type="hidden" name="ifMatch" value={`"${result.version}"`} />
        <TextField
          id="finalize-reason"
          name="reason"
          label={m.reason}
          maxlength={1000}
          required={false}
          value={v.action === "finalize" ? v.reason : undefined}
        />
        <p class="muted">{disputed ? m.settleHelp : m.finalizeHelp}</p>
        <button type="submit">{disputed ? m.settleDispute : m.finalize}</button>
      </form>
    </section>
  );
}

/** The referee's other tools: a correction once final, disqualifications, warnings, timers, choices. */
function RefereeTools({ cx, table, state }: { cx: ConsoleContext; table: TableDto; state: PageState }) {
  const { m } = cx;
  const result = table.result;
  const players = table.seats.map((s: Seat) => s.player);
  const v = state.values ?? {};
  return (
    <section aria-labelledby="referee">
      <h2 id="referee">{m.refereeTools}</h2>
      {result?.status === "final" && cx.can("results:correct") ? (
        <form method="post" class="card">
          <FormHidden action="correct" />
          <input type="hidden" name="ifMatch" value={`"${result.version}"`} />
          <h3>{m.correctTitle}</h3>
          <ScoreFields
            cx={cx}
            table={table}
            prefix="correct"
            values={state.values?.action === "correct" ? state.lists : undefined}
          />
          <TextField
            id="correct-reason"
            name="reason"
            label={m.reason}
            maxlength={1000}
            value={v.action === "correct" ? v.reason : undefined}
          />
          <button type="submit">{m.correct}</button>
        </form>
      ) : null}
      {result?.status !== "final" ? (
        <form method="post" class="card">
          <FormHidden action="disqualify" />
          <h3>{m.disqualifyTitle}</h3>
          <PlayerSelect
            id="dq-player"
            name="playerId"
            players={players}
            label={m.player}
            selected={v.playerId}
          />
          <TextField
            id="dq-reason"
            name="reason"
            label={m.reason}
            maxlength={1000}
            value={v.action === "disqualify" ? v.reason : undefined}
          />
          <button type="submit" class="danger">
            {m.disqualify}
          </button>
        </form>
      ) : null}
      <form method="post" class="card">
        <FormHidden action="warning" />
        <h3>{m.warningTitle}</h3>
        <div class="row">
          <PlayerSelect
            id="warn-player"
            name="playerId"
            players={players}
            label={m.player}
            selected={v.playerId}
          />
          <div>
            <label for="warn-rule">{m.ruleNumber}</label>
            <input
              id="warn-rule"
              name="rule"
              required
              placeholder="3.0.15"
              maxlength={8}
              value={v.action === "warning" ? (v.rule ?? "") : ""}
            />
          </div>
        </div>
        <TextField
          id="warn-note"
          name="note"
          label={m.note}
          maxlength={1000}
          value={v.action === "warning" ? v.note : undefined}
        />
        <button type="submit" class="secondary">
          {m.recordWarning}
        </button>
      </form>
      {result?.status !== "final" ? <TimerForm cx={cx} table={table} /> : null}
      {table.nextToChoose ? <ChoiceForm cx={cx} table={table} /> : null}
    </section>
  );
}

function TimerForm({ cx, table }: { cx: ConsoleContext; table: TableDto }) {
  const { m, p } = cx;
  if (table.timer) {
    return (
      <form method="post" class="card">
        <FormHidden action="timer-off" />
        <p>{p.t.timedTurns(table.timer.turnSeconds)}</p>
        <button type="submit" class="secondary">
          {m.timerOff}
        </button>
      </form>
    );
  }
  return (
    <form method="post" class="card">
      <FormHidden action="timer-on" />
      <h3>{m.timerTitle}</h3>
      <label for="timer-seconds">{m.turnSeconds}</label>
      <input
        id="timer-seconds"
        name="turnSeconds"
        type="number"
        inputmode="numeric"
        min="1"
        aria-describedby="timer-help"
      />
      <p id="timer-help" class="muted">
        {m.timerHelp}
      </p>
      <button type="submit" class="secondary">
        {m.timerOn}
      </button>
    </form>
  );
}

function ChoiceForm({ cx, table }: { cx: ConsoleContext; table: TableDto }) {
  const { m, p } = cx;
  const next = table.seats.find((s) => s.player.id === table.nextToChoose);
  if (!next) return null;
  const positions = table.seats.map((s) => s.position);
  return (
    <form method="post" class="card">
      <FormHidden action="choice" />
      <h3>{p.t.choosingNext(next.player.name)}</h3>
      <input type="hidden" name="playerId" value={next.player.id} />
      <div class="row">
        <div>
          <label for="choice-position">{p.t.turnOrder}</label>
          <select id="choice-position" name="position">
            {positions.map((n) => (
              <option value={String(n)}>{n}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="choice-chair">{p.t.chair}</label>
          <select id="choice-chair" name="chair">
            <option value="">—</option>
            {positions.map((n) => (
              <option value={String(n)}>{n}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="choice-colour">{p.t.colour}</label>
          <select id="choice-colour" name="colour">
            {COLOURS.map((colour) => (
              <option value={colour}>{p.t.colours[colour]}</option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit">{m.recordChoice}</button>
    </form>
  );
}

function TablePage({ cx, view, state }: { cx: ConsoleContext; view: TableView; state: PageState }) {
  const { table } = view;
  const trail = sessionTrail(cx, view.event);
  if (view.session)
    trail.push({ href: cx.p.link(`/console/s/${view.session.id}`), label: view.session.name });
  const open = table.result?.status !== "final";
  return (
    <ConsoleLayout cx={cx} title={view.title} trail={trail} refusal={state.refusal} done={state.done}>
      <p>
        <StateBadge cx={cx} table={table} />
      </p>
      <SeatsTable cx={cx} table={table} />
      {/* What waits for someone comes first: the sheet, else the confirmations and the referee. */}
      {cx.can("results:confirm") ? <Confirmations cx={cx} table={table} /> : null}
      {cx.can("results:finalize") ? <FinalizeForm cx={cx} table={table} state={state} /> : null}
      {open && cx.can("results:submit") ? <SheetForm cx={cx} table={table} state={state} /> : null}
      {cx.can("results:finalize") ? <RefereeTools cx={cx} table={table} state={state} /> : null}
    </ConsoleLayout>
  );
}

export const renderTable: Render = async (c, cx, state) => {
  const ctx = serviceContext(c);
  const table = await getTable(ctx, c.req.param("tableId")!);
  assertConsoleReach(cx, { eventId: table.eventId, sessionId: table.sessionId });
  const [event, round, session] = await Promise.all([
    getEvent(ctx, table.eventId),
    getRound(ctx, table.roundId),
    table.sessionId ? getSession(ctx, table.sessionId) : Promise.resolve(null),
  ]);
  const title = `${roundName(cx, round.kind, round.number)} · ${cx.p.t.table(table.number)}`;
  return sendHtml(
    c,
    <TablePage cx={cx} view={{ table, event, session, title }} state={state} />,
    state.status,
  );
};

/** The sheet as the API takes it: each seat's VP (blank is no number) and the winner. */
function sheetBody({ all, form }: ActionArgs) {
  const ids = all.playerId ?? [];
  const vps = all.vp ?? [];
  return {
    scores: ids.map((playerId, i) => {
      const vp = (vps[i] ?? "").trim();
      return { playerId, vp: vp === "" ? null : Number(vp) };
    }),
    winnerId: form.winnerId ?? "",
  };
}

/** Labels of the sheet's fields, by the paths the API names in a refusal. */
function sheetLabels(args: ActionArgs): Record<string, string> {
  const { m } = args.cx;
  const labels: Record<string, string> = {
    winnerId: args.cx.p.t.winner,
    scores: args.cx.p.t.vp,
    reason: m.reason,
  };
  const names = args.all.playerName ?? [];
  (args.all.playerId ?? []).forEach((id, i) => {
    const name = names[i] ?? id;
    labels[`scores[${i}]`] = name;
    labels[`scores[${i}].vp`] = m.vpOf(name);
  });
  return labels;
}

const tablePath = (args: ActionArgs, rest = "") =>
  `/v1/tables/${encodeURIComponent(args.params.tableId ?? "")}${rest}`;

export const tableActions: Record<string, Action> = {
  sheet: async (args) => {
    return {
      answer: await args.api({
        method: "PUT",
        path: tablePath(args, "/result"),
        body: sheetBody(args),
        ifMatch: args.form.ifMatch || undefined,
        idempotent: true,
      }),
      labels: sheetLabels(args),
    };
  },
  confirm: async (args) => ({
    answer: await args.api({
      method: "POST",
      path: tablePath(args, "/result/confirmations"),
      body: { playerId: args.form.playerId ?? "" },
      ifMatch: args.form.ifMatch || undefined,
      idempotent: true,
    }),
    anchor: "confirm",
  }),
  finalize: async (args) => ({
    answer: await args.api({
      method: "POST",
      path: tablePath(args, "/result/finalize"),
      body: args.form.reason?.trim() ? { reason: args.form.reason } : {},
      ifMatch: args.form.ifMatch || undefined,
      idempotent: true,
    }),
    labels: { reason: args.cx.m.reason },
  }),
  correct: async (args) => {
    return {
      answer: await args.api({
        method: "POST",
        path: tablePath(args, "/result/corrections"),
        body: { ...sheetBody(args), reason: args.form.reason ?? "" },
        ifMatch: args.form.ifMatch || undefined,
        idempotent: true,
      }),
      labels: sheetLabels(args),
    };
  },
  disqualify: async (args) => ({
    answer: await args.api({
      method: "POST",
      path: tablePath(args, "/disqualifications"),
      body: { playerId: args.form.playerId ?? "", reason: args.form.reason ?? "" },
      idempotent: true,
    }),
    labels: { playerId: args.cx.m.player, reason: args.cx.m.reason },
  }),
  warning: async (args) => ({
    answer: await args.api({
      method: "POST",
      path: tablePath(args, "/warnings"),
      body: { playerId: args.form.playerId ?? "", rule: args.form.rule ?? "", note: args.form.note ?? "" },
      idempotent: true,
    }),
    labels: { playerId: args.cx.m.player, rule: args.cx.m.ruleNumber, note: args.cx.m.note },
  }),
  "timer-on": async (args) => {
    const seconds = args.form.turnSeconds?.trim();
    return {
      answer: await args.api({
        method: "PUT",
        path: tablePath(args, "/timer"),
        body: seconds ? { turnSeconds: Number(seconds) } : {},
        idempotent: true,
      }),
      labels: { turnSeconds: args.cx.m.turnSeconds },
    };
  },
  "timer-off": async (args) => ({
    answer: await args.api({ method: "DELETE", path: tablePath(args, "/timer") }),
  }),
  choice: async (args) => ({
    answer: await args.api({
      method: "POST",
      path: tablePath(args, "/choices"),
      body: {
        playerId: args.form.playerId ?? "",
        position: Number(args.form.position),
        ...(args.form.chair ? { chair: Number(args.form.chair) } : {}),
        colour: args.form.colour ?? "",
      },
      idempotent: true,
    }),
    labels: { position: args.cx.p.t.turnOrder, chair: args.cx.p.t.chair, colour: args.cx.p.t.colour },
  }),
};
