import { raw } from "hono/html";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";
import { LoopbackWarning, type PrintedRound } from "./print-seating-page";

interface PrintSheetsData extends PrintedRound {
  perPage: 1 | 2;
  paper: "a4" | "letter" | null;
}

/**
 * Print CSS for A4 (210×297 mm) and US Letter (216×279 mm): a sheet is laid out within the
 * area both share, so it prints on either without choosing; `?paper=` pins the page size.
 * Two per page: each sheet gets half of Letter's shorter printable height.
 */
function sheetCss(perPage: 1 | 2, paper: "a4" | "letter" | null): string {
  const size = paper === "a4" ? "size:A4;" : paper === "letter" ? "size:letter;" : "";
  return `
.sheet{border:1px solid #999;padding:5mm 6mm;margin:0 0 6mm;break-inside:avoid;display:flex;flex-direction:column;gap:2.5mm}
.sheet header{display:flex;justify-content:space-between;gap:4mm;align-items:flex-start}
.sheet h2{border:0;margin:0;font-size:20pt}
.sheet .where{margin:0;font-size:11pt}
.sheet .qr{display:flex;gap:2mm;align-items:flex-start;flex:none;font-size:8pt;line-height:1.3;color:#333}
.sheet .qr svg{width:${perPage === 2 ? 22 : 30}mm;height:auto;display:block;flex:none}
.sheet .qr .caption{width:${perPage === 2 ? 30 : 34}mm}
.sheet .qr .url{display:block;overflow-wrap:anywhere;margin-top:1mm}
.sheet table{margin:0}
.sheet td,.sheet th{border:1px solid #555;padding:${perPage === 2 ? "1.2mm" : "2.6mm"} 2mm}
.sheet td.box{width:${perPage === 2 ? 15 : 18}mm}
.sheet td.sign{width:${perPage === 2 ? 45 : 55}mm}
.sheet ul{margin:0;padding-left:5mm;font-size:${perPage === 2 ? "7.5pt" : "9pt"}}
@media screen and (max-width:40rem){
 .sheet{padding:3mm}
 .sheet td.box,.sheet td.sign{width:auto}
 .sheet td,.sheet th{padding:1.5mm 1mm;overflow-wrap:anywhere}
 .sheet header{flex-wrap:wrap}
}
@media print{
 @page{${size}margin:10mm}
 header.site,footer.site,.noprint{display:none}
 main{max-width:none;padding:0}
 body{font-size:${perPage === 2 ? "9.5pt" : "11pt"}}
 .sheet{margin:0;${perPage === 2 ? "min-height:125mm;" : ""}}
 ${perPage === 2 ? ".sheet:nth-of-type(2n){break-after:page}.sheet:nth-of-type(2n+1){margin-bottom:6mm}" : ".sheet{break-after:page}"}
 .sheet:last-of-type{break-after:auto}
}
`;
}

/**
 * `/s/{sessionId}/print/sheets?round=N`: one result sheet per table of game N (rule 1.3.4). The
 * whole table shares a sheet, so it carries no seat code, whoever prints it: each player's code
 * is on their own slip (`/print/slips`, docs/rules.md#results).
 */
export function PrintSheetsPage({ p, data }: { p: PageContext; data: PrintSheetsData }) {
  const t = p.t;
  const { event, session, round } = data;
  const title = `${t.resultSheet} · ${session.name} · ${t.game(round.number)}`;
  return (
    <Layout p={p} title={title} css={sheetCss(data.perPage, data.paper)}>
      <main>
        <h1 class="noprint">{title}</h1>
        <p class="noprint">
          <a href={p.link(`/s/${session.id}/print/slips?round=${round.number}`)}>{t.slipsLink}</a>
        </p>
        <LoopbackWarning p={p} />
        {round.tables.map((table) => (
          <section class="sheet" aria-label={`${t.resultSheet} · ${t.table(table.number)}`}>
            <header>
              <div>
                <p class="where">
                  {t.resultSheet} · {event.name}
                </p>
                <p class="where">
                  {session.name}
                  {session.date ? ` · ${p.date(session.date)}` : ""}
                  {session.venue ? ` · ${session.venue}` : ""}
                </p>
                <h2>
                  {t.game(round.number)} · {t.table(table.number)}
                </h2>
              </div>
              <div class="qr">
                {raw(data.qr.get(table.id) ?? "")}
                <div class="caption">
                  {t.sheetQr}
                  <span class="url">{`${p.origin}/t/${table.id}`}</span>
                </div>
              </div>
            </header>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.turnOrder}</th>
                  <th scope="col">{t.player}</th>
                  <th scope="col">
                    <abbr title={t.vpLong}>{t.vp}</abbr>
                  </th>
                  <th scope="col">{t.winner}</th>
                  <th scope="col">{t.signature}</th>
                </tr>
              </thead>
              <tbody>
                {table.seats.map((seat) => (
                  <tr>
                    <td>{seat.position}</td>
                    <th scope="row" class="rh">
                      {seat.player.name}
                    </th>
                    <td class="box" />
                    <td class="box">☐</td>
                    <td class="sign" />
                  </tr>
                ))}
              </tbody>
            </table>
            <ul>
              {t.sheetRules.map((rule) => (
                <li>{rule}</li>
              ))}
              <li>{t.codeNote}</li>
            </ul>
          </section>
        ))}
      </main>
    </Layout>
  );
}
