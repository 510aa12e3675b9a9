/**
 * The pages' CSS, inline (one response per page, no asset from the internet, system fonts).
 * Colours keep a contrast ratio of at least 4.5:1 (WCAG AA), checked by axe in the browser tests.
 * On a phone (up to 40rem, a 390 px screen) a wide table (`table.stack`) shows each row as a
 * block of labelled values instead of columns, so nothing needs horizontal scrolling.
 */
export const BASE_CSS = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;color:#1b1b1b;background:#fff;line-height:1.45}
body{margin:0}
a{color:#0b4f8a}
header.site,footer.site{padding:.6rem 1rem;background:#7a1f0e;color:#fff;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
header.site a,footer.site a{color:#fff}
footer.site{background:#f3ece4;color:#3d3d3d;font-size:.85rem}
footer.site a{color:#0b4f8a}
nav.lang ul{list-style:none;display:flex;gap:.8rem;margin:0;padding:0}
nav.lang a[aria-current]{font-weight:700;text-decoration:none}
main{padding:1rem;max-width:72rem;margin:0 auto}
h1{font-size:1.8rem;margin:.4rem 0 .8rem}
h2{font-size:1.35rem;margin:1.6rem 0 .6rem;border-bottom:2px solid #c8501f}
table{border-collapse:collapse;width:100%;margin:.4rem 0 1rem}
th,td{padding:.3rem .5rem;border-bottom:1px solid #d6d6d6;text-align:left;vertical-align:top}
th{background:#f3ece4}
th.rh{font-weight:400;background:none}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tr.cut td{border-top:3px dashed #b3261e;color:#8c1d18;font-weight:700;text-align:center;background:#fff4f2}
caption{text-align:left}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
.meta{display:flex;flex-wrap:wrap;gap:.3rem 1.5rem;margin:0;padding:0;list-style:none}
.muted{color:#555}
.tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:.8rem}
.tablecard{border:1px solid #bbb;border-radius:.4rem;padding:.5rem .8rem;break-inside:avoid}
.tablecard h3{margin:.1rem 0 .4rem;font-size:1.1rem}
.tablecard ol{margin:0;padding-left:1.6rem}
code{background:#f3f3f3;padding:.1rem .3rem;border-radius:.2rem;word-break:break-all}
.badge{display:inline-block;padding:.05rem .45rem;border-radius:.3rem;background:#e8e8e8;font-size:.85em}
.badge.final{background:#d9f2dc;color:#14532d}
.badge.pending{background:#fff3cd;color:#6b4e00}
.warning{border:2px solid #b3261e;background:#fff4f2;color:#8c1d18;padding:.6rem .8rem;border-radius:.3rem;font-weight:600}
@media (max-width:40rem){
main{padding:.75rem}
h1{font-size:1.5rem;overflow-wrap:break-word}
table.stack,table.stack tbody,table.stack tr{display:block}
table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.stack tr{padding:.4rem 0;border-bottom:1px solid #d6d6d6}
table.stack td,table.stack th{display:inline-block;border:0;padding:.1rem .9rem .1rem 0;text-align:left;background:none}
table.stack th.rh{font-weight:700}
table.stack td:empty{display:none}
table.stack td[data-label]::before{content:attr(data-label) " ";color:#555}
table.stack tr.cut{padding:0;border:0}
table.stack tr.cut td{display:block;text-align:center;padding:.3rem}
}
`;
