import { BoardSvg, type Hex } from "./board-svg";
import type { EventDto } from "./event-page";
import { LanguageMenu, Layout } from "./layout";
import type { PageContext } from "./page-context";
import { type RoundDto, TableSeats } from "./print-seating-page";
import { SCREEN_SCRIPT } from "./screen-script";
import { NumTh, type ShownRow, VpHeadings, vpPctShown } from "./standings-table";
import { roundLabel } from "./table-page";

interface ScreenData {
  event: EventDto;
  /** The event's first and last day, when known. */
  days: { first: string; last: string } | null;
  /** The round being played (the first with a table not final), or the last one. */
  round: (RoundDto & { sessionName: string | null; finalTables: number }) | null;
  board: Hex[] | null;
  ranking: { title: string; rows: ShownRow[] };
  view: "seating" | "ranking" | null;
  rotateSeconds: number;
  /** The final is decided. */
  complete: boolean;
}

/**
 * Sizes follow the viewport and the amount to show, so 8 tables or 45 ranking rows fill a
 * 1280×720 projector and a 1920×1080 TV alike, in type large enough for the back of the room.
 */
const CSS = `
html,body{height:100%;background:#10151c;color:#f4f1ea}
body.screen{overflow:hidden;font-size:2.2vh}
.screen{display:flex;flex-direction:column;height:100vh;max-width:none;margin:0;padding:1.5vh 2vw}
.screen .top{display:flex;justify-content:space-between;align-items:baseline;gap:2vw}
.screen h1{font-size:4.4vh;margin:0;color:#ffd27a}
.screen .top p{margin:0;font-size:2.6vh}
.screen .top .days{color:#cfe3ff;margin-right:auto}
.screen .status{color:#cfe3ff}
.screen nav.lang a{color:#cfe3ff;font-size:1.8vh}
.screen h2{font-size:3.6vh;margin:1vh 0;border:0;color:#ffd27a}
.screen [data-view]{flex:1;min-height:0;display:flex;flex-direction:column}
.screen[data-show=seating] [data-view=ranking],.screen[data-show=ranking] [data-view=seating]{display:none}
.seatgrid{flex:1;display:grid;grid-template-columns:repeat(var(--cols),1fr);gap:1.2vh 1.2vw;align-content:start;font-size:min(calc(var(--w) / var(--cols) / 13),calc((100vh - 14vh) / var(--rows) / 6.6))}
.seatgrid .t{background:#1d2733;border-radius:.6vh;padding:.4em .7em}
.seatgrid h3{margin:0 0 .2em;font-size:1.1em;color:#ffd27a}
.seatgrid ol{margin:0;padding-left:1.5em}
.seating-wrap{flex:1;display:flex;gap:2vw;min-height:0}
.seating-wrap aside{width:24vw;text-align:center;color:#cfe3ff}
.seating-wrap aside svg{width:100%;height:auto}
.rankcols{flex:1;display:grid;grid-template-columns:repeat(var(--cols),1fr);gap:0 3vw;align-content:start;font-size:min(calc((100vh - 16vh) / (var(--rows) + 1) * 0.55),calc(90vw / var(--cols) / 23),6vh);overflow:hidden}
.rankcols table{margin:0;width:100%}
.rankcols th,.rankcols td{border-bottom:1px solid #2e3a48;padding:.12em .3em;background:none;color:inherit}
.rankcols thead th{color:#cfe3ff;font-size:.8em}
.rankcols .name{width:100%;white-space:nowrap}
@media (max-width:40rem){
html,body{height:auto}
body.screen{overflow:visible;font-size:1rem}
.screen{height:auto;min-height:100vh;padding:.75rem}
.screen .top{flex-wrap:wrap;gap:.3rem 1rem}
.screen h1{font-size:1.6rem}
.screen .top p{font-size:1rem}
.screen h2{font-size:1.3rem}
.screen nav.lang a{font-size:1rem}
.seating-wrap{flex-direction:column}
.seating-wrap aside{width:100%;max-width:18rem;margin:0 auto}
.seatgrid{grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));font-size:1rem}
.rankcols{grid-template-columns:1fr;font-size:1rem}
.rankcols .name{white-space:normal}
}
`;

function Seating({ p, data }: { p: PageContext; data: ScreenData }) {
  const round = data.round!;
  const n = round.tables.length;
  const cols = Math.max(1, Math.ceil(Math.sqrt(n * (data.board ? 1.1 : 1.6))));
  const rows = Math.max(1, Math.ceil(n / cols));
  const width = data.board ? "72vw" : "96vw";
  const label = [round.sessionName, roundLabel(p, round.kind, round.number)].filter(Boolean).join(" · ");
  return (
    <section data-view="seating" aria-labelledby="seating-title">
      <h2 id="seating-title">
        {p.t.seating} · {label}
      </h2>
      <div class="seating-wrap">
        <div class="seatgrid" style={`--cols:${cols};--rows:${rows};--w:${width}`}>
          {round.tables.map((table) => (
            <div class="t">
              <TableSeats p={p} table={table} />
            </div>
          ))}
        </div>
        {data.board ? (
          <aside>
            <BoardSvg p={p} hexes={data.board} />
            <p>{p.t.board}</p>
          </aside>
        ) : null}
      </div>
    </section>
  );
}

function Ranking({ p, data }: { p: PageContext; data: ScreenData }) {
  const rows = data.ranking.rows;
  const cols = rows.length > 40 ? 3 : rows.length > 16 ? 2 : 1;
  const perCol = Math.max(1, Math.ceil(rows.length / cols));
  const chunks = Array.from({ length: cols }, (_, i) => rows.slice(i * perCol, (i + 1) * perCol));
  const t = p.t;
  return (
    <section data-view="ranking" aria-labelledby="ranking-title">
      <h2 id="ranking-title">
        {t.ranking} · {data.ranking.title}
      </h2>
      {rows.length === 0 ? (
        <p>{t.noResults}</p>
      ) : (
        <div class="rankcols" style={`--cols:${cols};--rows:${perCol}`}>
          {chunks.map((chunk) => (
            <table>
              <thead>
                <tr>
                  <NumTh>{t.rank}</NumTh>
                  <th scope="col">{t.player}</th>
                  <NumTh>{t.wins}</NumTh>
                  <VpHeadings t={t} />
                </tr>
              </thead>
              <tbody>
                {chunk.map((row) => (
                  <tr>
                    <td class="num">{row.rank}</td>
                    <td class="name">{row.player.name}</td>
                    <td class="num">{row.wins}</td>
                    <td class="num">{row.vp}</td>
                    <td class="num">{vpPctShown(p, row.vpPct)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      )}
    </section>
  );
}

/** `/e/{eventId}/screen`: the venue screen (projector or TV), live through the change feed. */
export function ScreenPage({ p, data }: { p: PageContext; data: ScreenData }) {
  const views = [data.round ? "seating" : null, "ranking"].filter(Boolean).join(",");
  const progress = data.round
    ? p.t.waitingForResults(data.round.finalTables, data.round.tables.length)
    : p.t.notPlayed;
  return (
    <Layout
      p={p}
      title={`${data.event.name} · ${p.t.screenLink}`}
      css={CSS}
      bare
      bodyClass="screen"
      script={SCREEN_SCRIPT}
    >
      <main
        id="screen"
        class="screen"
        data-event={data.event.id}
        data-version={String(data.event.resultsVersion)}
        data-views={views}
        data-pinned={data.view ?? undefined}
        data-rotate={String(data.rotateSeconds)}
      >
        <div class="top">
          <h1>{data.event.name}</h1>
          {data.days ? <p class="days">{p.dateRange(data.days.first, data.days.last)}</p> : null}
          <LanguageMenu p={p} />
        </div>
        <div id="live" data-views={views} style="flex:1;display:flex;flex-direction:column;min-height:0">
          <div class="top">
            <p class="status" role="status">
              {data.complete ? p.t.eventComplete : `${p.t.live} · ${progress}`}
            </p>
          </div>
          {data.round ? <Seating p={p} data={data} /> : null}
          <Ranking p={p} data={data} />
        </div>
      </main>
    </Layout>
  );
}
