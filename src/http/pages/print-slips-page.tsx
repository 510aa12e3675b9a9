import { raw } from "hono/html";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";
import { LoopbackWarning, type PrintedRound } from "./print-seating-page";

interface PrintSlipsData extends PrintedRound {
  /** Each seat's confirmation code by `tableId:playerId`. */
  codes: ReadonlyMap<string, string>;
}

/** Slips of about a tenth of an A4 page, two across, with a dashed line to cut along. */
const CSS = `
.slips{display:grid;grid-template-columns:repeat(auto-fill,minmax(85mm,1fr));gap:0}
.slip{border:1px dashed #777;padding:3mm 4mm;display:flex;gap:4mm;align-items:center;break-inside:avoid}
.slip h2{border:0;margin:0;font-size:13pt}
.slip p{margin:.5mm 0;font-size:9.5pt}
.slip .code{font-size:16pt;letter-spacing:.1em;font-weight:bold;font-family:ui-monospace,monospace}
.slip .qr{width:24mm;flex:none;text-align:center;font-size:6pt;word-break:break-all}
.slip .qr svg{width:100%;height:auto;display:block}
@media print{
 @page{margin:8mm}
 header.site,footer.site,nav.lang,.noprint{display:none}
 main{max-width:none;padding:0}
}
`;

/**
 * `/s/{sessionId}/print/slips?round=N`: one slip per seat of game N, cut apart and handed to each
 * player, so a seat code reaches only its player (docs/rules.md#results); the shared result sheet
 * carries none. Staff who enter the tables' results only.
 */
export function PrintSlipsPage({ p, data }: { p: PageContext; data: PrintSlipsData }) {
  const t = p.t;
  const { event, session, round } = data;
  const title = `${t.seatSlips} · ${session.name} · ${t.game(round.number)}`;
  return (
    <Layout p={p} title={title} css={CSS}>
      <main>
        <h1 class="noprint">{title}</h1>
        <p class="noprint">{t.slipsIntro}</p>
        <LoopbackWarning p={p} />
        <div class="slips">
          {round.tables.flatMap((table) =>
            table.seats.map((seat) => (
              <section class="slip" aria-label={`${seat.player.name} · ${t.table(table.number)}`}>
                <div class="qr">
                  {raw(data.qr.get(table.id) ?? "")}
                  <span>{`${p.origin}/t/${table.id}`}</span>
                </div>
                <div>
                  <h2>{seat.player.name}</h2>
                  <p>
                    {event.name} · {session.name}
                  </p>
                  <p>
                    {t.game(round.number)} · {t.table(table.number)} · {t.turnOrder} {seat.position}
                  </p>
                  <p>
                    {p.labelled(t.seatCode)}{" "}
                    <span class="code">{data.codes.get(`${table.id}:${seat.player.id}`) ?? ""}</span>
                  </p>
                  <p>{t.slipNote}</p>
                </div>
              </section>
            )),
          )}
        </div>
      </main>
    </Layout>
  );
}

/** The slips asked for by someone who may not enter these results: no code, and why. */
export function SlipsRefusedPage({ p }: { p: PageContext }) {
  return (
    <Layout p={p} title={p.t.seatSlips}>
      <main>
        <h1>{p.t.seatSlips}</h1>
        <p role="alert" class="notice">
          {p.t.slipsStaffOnly}
        </p>
      </main>
    </Layout>
  );
}
