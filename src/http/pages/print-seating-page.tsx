import type { SessionDto } from "../../services/events";
import type { getRound } from "../../services/rounds";
import { isLoopbackOrigin } from "../origin";
import type { EventDto } from "./event-page";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";

export type RoundDto = Awaited<ReturnType<typeof getRound>>;

/** What the printouts of one game (its result sheets, its seat slips) show. */
export interface PrintedRound {
  event: EventDto;
  session: SessionDto;
  round: RoundDto;
  /** SVG markup of each table's QR code (to its /t/{tableId} page), by table id. */
  qr: ReadonlyMap<string, string>;
}

interface PrintSeatingData {
  event: EventDto;
  session: SessionDto;
  rounds: RoundDto[];
}

/** On printouts with QR codes: a warning when they lead to an address phones cannot open. */
export function LoopbackWarning({ p }: { p: PageContext }) {
  if (!isLoopbackOrigin(p.origin)) return null;
  return (
    <p role="alert" class="warning noprint">
      {p.t.loopbackWarning(p.origin)}
    </p>
  );
}

/** A table's number and its players in turn order. */
export function TableSeats({ p, table }: { p: PageContext; table: RoundDto["tables"][number] }) {
  return (
    <>
      <h3>{p.t.table(table.number)}</h3>
      <ol>
        {table.seats.map((seat) => (
          <li value={seat.position}>{seat.player.name}</li>
        ))}
      </ol>
    </>
  );
}

const CSS = `
.game{break-inside:avoid-page}
.game + .game{break-before:page}
.find{break-before:page}
.find td,.find th{padding:.15rem .4rem}
@media print{header.site,footer.site,nav.lang,.noprint{display:none}main{max-width:none;padding:0}@page{margin:12mm}body{font-size:11pt}}
`;

/** `/s/{sessionId}/print/seating`: every game's tables (turn order) and an alphabetical "find your table". */
export function PrintSeatingPage({ p, data }: { p: PageContext; data: PrintSeatingData }) {
  const t = p.t;
  const { event, session, rounds } = data;
  const collator = new Intl.Collator(p.lang);
  const seatsOf = new Map<string, { name: string; byGame: Map<number, string> }>();
  for (const round of rounds) {
    for (const table of round.tables) {
      for (const seat of table.seats) {
        const entry = seatsOf.get(seat.player.id) ?? { name: seat.player.name, byGame: new Map() };
        entry.byGame.set(round.number, `${table.number} · ${seat.position}`);
        seatsOf.set(seat.player.id, entry);
      }
    }
  }
  const people = [...seatsOf.values()].sort((a, b) => collator.compare(a.name, b.name));
  return (
    <Layout p={p} title={t.seatingTitle(session.name)} css={CSS}>
      <main>
        <p>
          <a href={p.link(`/e/${event.id}`)}>{event.name}</a>
          {session.date ? ` · ${p.date(session.date)}` : ""}
          {session.venue ? ` · ${session.venue}` : ""}
        </p>
        <h1>{t.seatingTitle(session.name)}</h1>
        {rounds.length === 0 ? <p>{t.notPlayed}</p> : null}
        {rounds.map((round) => (
          <section class="game" aria-labelledby={`game-${round.number}`}>
            <h2 id={`game-${round.number}`}>{t.game(round.number)}</h2>
            <div class="tables">
              {round.tables.map((table) => (
                <div class="tablecard">
                  <TableSeats p={p} table={table} />
                </div>
              ))}
            </div>
          </section>
        ))}
        {people.length > 0 ? (
          <section class="find" aria-labelledby="find">
            <h2 id="find">{t.findYourTable}</h2>
            <p class="muted">
              {t.tableWord} · {t.seat} ({t.turnOrder})
            </p>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.player}</th>
                  {rounds.map((round) => (
                    <th scope="col">{t.game(round.number)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr>
                    <th scope="row" class="rh">
                      {person.name}
                    </th>
                    {rounds.map((round) => (
                      <td>{person.byGame.get(round.number) ?? "—"}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
      </main>
    </Layout>
  );
}
