import type { TableDto } from "../../services/tables";
import type { EventDto } from "./event-page";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";
import type { TypedForm } from "./player-forms";
import { NumTd, NumTh } from "./standings-table";

interface TablePageData {
  table: TableDto;
  event: EventDto;
  sessionName: string | null;
  roundNumber: number;
  /** Why a player's confirmation or dispute from this page was refused, and what they typed. */
  refusal?: { notice: string; typed: TypedForm } | undefined;
  /** What the page was sent back after (the player's form); shown only when the table agrees. */
  recorded?: { what: "confirmation" | "dispute"; playerId: string } | undefined;
}

/**
 * The player's forms on a phone: every control at least 44 px (the size of a fingertip), one
 * under the other, and agreeing (filled, green) unlike disputing (outlined, red).
 */
const CSS = `
.playerforms form{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.6rem 1rem;margin:.8rem 0;padding:.8rem;border-radius:.4rem}
.playerforms form.agree{border:2px solid #1d6b38;background:#eef7f0}
.playerforms form.dispute{border:2px dashed #b3261e;background:#fff8f7}
.playerforms label{display:flex;flex-direction:column;gap:.2rem;font-weight:600}
.playerforms label.why{flex:1 1 20rem}
.playerforms input,.playerforms select,.playerforms button{font:inherit;min-height:44px;min-width:44px;padding:.4rem .7rem;border-radius:.3rem}
.playerforms input,.playerforms select{border:1px solid #555;background:#fff;color:#1b1b1b}
.playerforms input[aria-invalid=true]{border:2px solid #b3261e}
.playerforms button{font-weight:700;cursor:pointer}
.playerforms button.agree{border:2px solid #1d6b38;background:#1d6b38;color:#fff}
.playerforms button.dispute{border:2px solid #b3261e;background:#fff;color:#8c1d18}
.recorded{border:2px solid #1d6b38;background:#eef7f0;color:#14532d;padding:.6rem .8rem;border-radius:.3rem;font-weight:600}
@media (max-width:40rem){
.playerforms label,.playerforms button{flex:1 1 100%}
.playerforms input,.playerforms select{width:100%}
}
`;

type Seat = TableDto["seats"][number];

/**
 * A seat's result in words: winner or place once the sheet is in, and whether the player has
 * confirmed it while it is pending.
 */
function seatResult(p: PageContext, table: TableDto, seat: Seat): string {
  const result = table.result;
  if (!result) return "";
  if (seat.disqualified) return p.t.seatDisqualified;
  const outcome =
    result.winnerId === seat.player.id
      ? p.t.winner
      : seat.placement !== null
        ? p.t.place(seat.placement)
        : "";
  if (result.status !== "pending") return outcome;
  // Whose code confirmed it: a player who sees their name here without having typed their code
  // knows someone else has it.
  const confirmation = seat.confirmed
    ? seat.confirmedVia === "player"
      ? p.t.confirmedWithCode(seat.player.name)
      : seat.confirmedVia === "staff"
        ? p.t.confirmedByStaff
        : p.t.confirmed
    : result.awaitingConfirmation.includes(seat.player.id)
      ? p.t.awaitingConfirmation
      : "";
  return [outcome, confirmation].filter(Boolean).join(" · ");
}

export function roundLabel(p: PageContext, kind: string, number: number): string {
  if (kind === "semifinal") return p.t.semifinal;
  if (kind === "final") return p.t.final;
  return p.t.game(number);
}

/**
 * "Your confirmation is recorded" after the player's form sent them back here, said only when
 * the table shows it: a link with the same query claims nothing.
 */
function Recorded({ p, data }: { p: PageContext; data: TablePageData }) {
  const { table, recorded } = data;
  const seat = recorded && table.seats.find((s) => s.player.id === recorded.playerId);
  if (!recorded || !seat) return null;
  const done =
    recorded.what === "confirmation"
      ? seat.confirmed && p.t.confirmationRecorded(seat.player.name)
      : table.result?.disputes.some((d) => d.playerId === seat.player.id) &&
        p.t.disputeRecorded(seat.player.name);
  return done ? (
    <p role="status" class="recorded">
      {done}
    </p>
  ) : null;
}

/** The way back to the event, the table's title and the state of its result and turn-order choices. */
function TableHeader({ p, data, title }: { p: PageContext; data: TablePageData; title: string }) {
  const { table, event } = data;
  const t = p.t;
  const result = table.result;
  const status = result?.status ?? "none";
  const next = table.seats.find((s) => s.player.id === table.nextToChoose);
  return (
    <>
      <p>
        <a href={p.link(`/e/${event.id}`)}>{event.name}</a>
        {data.sessionName ? ` · ${data.sessionName}` : ""}
      </p>
      <h1>{title}</h1>
      <p>
        {p.labelled(t.result)} <span class={`badge ${status}`}>{t.status[status]}</span>
        {result ? <span class="muted"> · {p.dateTime(result.updatedAt, event.timezone)}</span> : null}
      </p>
      {table.timer ? <p class="notice">{t.timedTurns(table.timer.turnSeconds)}</p> : null}
      {next ? <p>{t.choosingNext(next.player.name)}</p> : null}
    </>
  );
}

/** The seats in turn order; chair and colour columns only where players choose them. */
function SeatsTable({ p, table }: { p: PageContext; table: TableDto }) {
  const t = p.t;
  const result = table.result;
  // Snake-seated tables: players choose turn order, chair and colour by rank (docs/rules.md#choices).
  const choosing = table.seats.some((s) => s.seedRank !== null);
  return (
    <table class="stack">
      <thead>
        <tr>
          <NumTh>{t.turnOrder}</NumTh>
          <th scope="col">{t.player}</th>
          {choosing ? (
            <>
              <NumTh>{t.chair}</NumTh>
              <th scope="col">{t.colour}</th>
            </>
          ) : null}
          <NumTh>
            <abbr title={t.vpLong}>{t.vp}</abbr>
          </NumTh>
          <NumTh>{t.placement}</NumTh>
          {result ? <th scope="col">{t.result}</th> : null}
        </tr>
      </thead>
      <tbody>
        {table.seats.map((seat) => (
          <tr>
            <td class="num">{seat.position}</td>
            <th scope="row" class="rh">
              {seat.player.name}
            </th>
            {choosing ? (
              <>
                <NumTd label={t.chair}>{seat.chair ?? ""}</NumTd>
                <td data-label={t.colour}>
                  {seat.colour ? t.colours[seat.colour] : seat.chosenAt === null && !result ? t.toChoose : ""}
                </td>
              </>
            ) : null}
            <NumTd label={t.vp}>{seat.vp ?? ""}</NumTd>
            <NumTd label={t.placement}>{seat.placement ?? ""}</NumTd>
            {result ? <td>{seatResult(p, table, seat)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Who has still to confirm a pending sheet. */
function AwaitingConfirmation({ p, table }: { p: PageContext; table: TableDto }) {
  const result = table.result;
  if (result?.status !== "pending" || result.awaitingConfirmation.length === 0) return null;
  return (
    <p>
      {p.labelled(
        p.t.awaiting,
        table.seats
          .filter((s) => result.awaitingConfirmation.includes(s.player.id))
          .map((s) => s.player.name)
          .join(", "),
      )}
    </p>
  );
}

/** The open disputes of a pending sheet, each under the disputing player's name. */
function Disputes({ p, table }: { p: PageContext; table: TableDto }) {
  const result = table.result;
  if (result?.status !== "pending" || result.disputes.length === 0) return null;
  return (
    <section>
      <h2>{p.t.disputes}</h2>
      <ul>
        {result.disputes.map((d) => (
          <li>
            {p.labelled(
              table.seats.find((s) => s.player.id === d.playerId)?.player.name ?? d.playerId,
              d.reason,
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/t/{tableId}`: the table's seats in turn order, its result and the result's status. */
export function TablePage({ p, data }: { p: PageContext; data: TablePageData }) {
  const { table, event } = data;
  const title = `${p.t.table(table.number)} · ${roundLabel(p, table.kind, data.roundNumber)}`;
  return (
    <Layout p={p} title={`${title} · ${event.name}`} css={CSS}>
      <main>
        <TableHeader p={p} data={data} title={title} />
        <Recorded p={p} data={data} />
        <SeatsTable p={p} table={table} />
        <AwaitingConfirmation p={p} table={table} />
        <Disputes p={p} table={table} />
        {table.result?.status === "pending" ? <PlayerForms p={p} data={data} /> : null}
      </main>
    </Layout>
  );
}

/**
 * The player's side of digital scoring (rule 1.3.4): the seat code on their own slip lets them
 * confirm or dispute here, from the QR code, without a token. After a refusal the form that was
 * sent shows what was typed, so a mistyped code is fixed, not typed again.
 */
function PlayerForms({ p, data: { table, refusal } }: { p: PageContext; data: TablePageData }) {
  const t = p.t;
  const typed = refusal?.typed;
  const who = (action: TypedForm["action"]) => {
    const mine = typed?.action === action ? typed : undefined;
    return (
      <>
        <label>
          {t.you}
          <select name="playerId" required>
            {table.seats.map((seat) => (
              <option value={seat.player.id} selected={typed?.playerId === seat.player.id}>
                {seat.player.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.seatCode}
          <input
            name="code"
            required
            autocomplete="off"
            autocapitalize="characters"
            size={12}
            maxlength={12}
            value={mine?.code}
            aria-invalid={mine?.wrongCode ? "true" : undefined}
            aria-describedby={mine ? "form-notice" : undefined}
          />
        </label>
      </>
    );
  };
  const disputing = typed?.action === "dispute" ? typed : undefined;
  return (
    <section class="noprint playerforms" aria-labelledby="forms-title">
      <h2 id="forms-title">{t.confirmTitle}</h2>
      {refusal ? (
        <p role="alert" class="warning" id="form-notice">
          {refusal.notice}
        </p>
      ) : null}
      <form class="agree" method="post" action={p.link(`/t/${table.id}/confirmations`)}>
        {who("confirm")}
        <button type="submit" class="agree">
          <span aria-hidden="true">✓</span> {t.confirmButton}
        </button>
      </form>
      <form class="dispute" method="post" action={p.link(`/t/${table.id}/disputes`)}>
        {who("dispute")}
        <label class="why">
          {t.reason}
          <input name="reason" required minlength={3} maxlength={500} value={disputing?.reason} />
        </label>
        <button type="submit" class="dispute">
          <span aria-hidden="true">✗</span> {t.disputeButton}
        </button>
      </form>
    </section>
  );
}
