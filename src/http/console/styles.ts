/**
 * The console's CSS after the pages' shared sheet: forms and buttons big enough for a thumb
 * (44 px), table states told by words and colour together (contrast at least 4.5:1), and on a
 * phone one column, nothing wider than the screen.
 */
export const CONSOLE_CSS = `
header.site .menu{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center}
header.site .device{font-weight:600}
form.inline{display:inline}
button,input,select,textarea{font:inherit}
button{min-height:44px;padding:.45rem 1rem;border:1px solid #0b4f8a;border-radius:.35rem;background:#0b4f8a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b4f8a}
button.danger{background:#8c1d18;border-color:#8c1d18}
button.link{min-height:44px;background:none;border:0;color:#fff;text-decoration:underline;padding:0 .2rem}
input,select,textarea{min-height:44px;padding:.35rem .5rem;border:1px solid #767676;border-radius:.3rem;max-width:100%;background:#fff;color:#1b1b1b}
input[type=radio],input[type=checkbox]{min-height:auto;width:1.4rem;height:1.4rem;vertical-align:middle}
textarea{width:100%;min-height:8rem}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}
label.choice{display:inline-flex;align-items:center;gap:.4rem;font-weight:400;min-height:44px;margin:0 1rem 0 0}
.card{border:1px solid #bbb;border-radius:.4rem;padding:.6rem .9rem;margin:.6rem 0}
.row{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end}
.row>*{min-width:0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.6rem 0}
nav.tabs ul{list-style:none;display:flex;flex-wrap:wrap;gap:.4rem;padding:0;margin:.4rem 0 1rem}
nav.tabs a{display:inline-block;padding:.55rem .9rem;border:1px solid #0b4f8a;border-radius:.35rem;text-decoration:none}
nav.tabs a[aria-current]{background:#0b4f8a;color:#fff}
nav.trail{margin:.2rem 0;overflow-wrap:anywhere}
.refusal{border:2px solid #b3261e;background:#fff4f2;color:#5f1410;padding:.6rem .9rem;border-radius:.3rem;margin:.6rem 0}
.refusal h2{border:0;margin:.1rem 0 .4rem;font-size:1.15rem;color:#5f1410}
.refusal .detail{font-size:.92rem}
.done{border:2px solid #14532d;background:#eefaf0;color:#14532d;padding:.5rem .8rem;border-radius:.3rem}
.queue{border:2px solid #6b4e00;background:#fff8e1;color:#3d2c00;padding:.5rem .8rem;border-radius:.3rem;margin:.4rem 0}
.queue ul{margin:.3rem 0 0;padding-left:1.2rem}
.queue li{margin:.3rem 0;overflow-wrap:anywhere}
.state{display:inline-block;padding:.1rem .5rem;border-radius:.3rem;font-size:.9em;font-weight:600}
.state.seated{background:#e8e8e8;color:#1b1b1b}
.state.entered{background:#fff3cd;color:#6b4e00}
.state.disputed{background:#fde2e0;color:#8c1d18}
.state.final{background:#d9f2dc;color:#14532d}
.tablecard .state{margin-left:.3rem}
.tablecard a.open{display:inline-block;margin-top:.4rem;min-height:44px;padding:.55rem 0}
.seats input[type=number]{width:5.5rem}
.seats td,.seats th{vertical-align:middle}
.qr svg{width:14rem;height:14rem;max-width:100%}
.code{font-size:1.8rem;font-weight:700;letter-spacing:.08em;font-family:ui-monospace,monospace}
.pending-send{opacity:.7}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (max-width:40rem){
header.site{gap:.3rem .8rem}
table.stack caption{display:block;text-align:left}
.row{display:block}
nav.tabs a{padding:.55rem .7rem}
}
`;
