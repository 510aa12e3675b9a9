/**
 * A Discord-like HTML rendering of a command's answer (no real Discord is reachable here), for
 * the guide's screenshots: the message header, embeds with their colour bar, title link,
 * description, inline fields and footer, and the Markdown the answers use (bold, links,
 * backslash escapes, mentions). Close to Discord's dark theme; not a pixel copy.
 */

// biome-ignore lint/suspicious/noExplicitAny: Discord message JSON
type Json = any;

const html = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The Markdown subset the answers use, rendered as Discord shows it. */
export function markdown(text: string, mentions: Record<string, string> = {}): string {
  const escaped: string[] = [];
  // Backslash escapes first: what they protect is shown as typed.
  let out = text.replace(/\\(.)/g, (_, c: string) => `\uE000${escaped.push(c) - 1}\uE000`);
  out = html(out);
  out = out.replace(
    /&lt;@&amp;(\d+)&gt;/g,
    (_, id) => `<span class="mention">@${html(mentions[id] ?? "role")}</span>`,
  );
  out = out.replace(
    /&lt;@(\d+)&gt;/g,
    (_, id) => `<span class="mention">@${html(mentions[id] ?? "member")}</span>`,
  );
  out = out.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");
  out = out.replace(/\[([^\]]+)\]\(([^)]+)\)/g, '<a href="$2">$1</a>');
  out = out.replace(/\n/g, "<br>");
  return out.replace(/\uE000(\d+)\uE000/g, (_, i) => html(escaped[Number(i)]!));
}

function embed(e: Json, mentions: Record<string, string>): string {
  const color = `#${(e.color ?? 0x1e1f22).toString(16).padStart(6, "0")}`;
  const title = e.title ? (e.url ? `<a href="${html(e.url)}">${html(e.title)}</a>` : html(e.title)) : "";
  const fields = (e.fields ?? [])
    .map(
      (f: Json) =>
        `<div class="field${f.inline ? " inline" : ""}"><div class="fname">${markdown(f.name, mentions)}</div><div class="fvalue">${markdown(f.value, mentions)}</div></div>`,
    )
    .join("");
  return `<div class="embed" style="border-left-color:${color}">
    ${title ? `<div class="etitle">${title}</div>` : ""}
    ${e.description ? `<div class="edesc">${markdown(e.description, mentions)}</div>` : ""}
    ${fields ? `<div class="fields">${fields}</div>` : ""}
    ${e.footer ? `<div class="efoot">${html(e.footer.text)}</div>` : ""}
  </div>`;
}

/** One answer as a Discord message, with the command that asked for it above. */
export function discordMessageHtml(input: {
  command: string;
  user: string;
  message: Json;
  ephemeral: boolean;
  mentions?: Record<string, string>;
}): string {
  const mentions = input.mentions ?? {};
  const m = input.message;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body{margin:0;background:#313338;font:15px/1.375 "gg sans","Noto Sans","Helvetica Neue",Arial,sans-serif;color:#dbdee1}
  .msg{display:flex;gap:16px;padding:8px 16px 12px;width:640px}
  .avatar{width:40px;height:40px;border-radius:50%;background:#c0392b;flex:none;display:grid;place-items:center;color:#fff;font-weight:700}
  .reply{font-size:13px;color:#b5bac1;margin-bottom:2px}.reply b{color:#c9cdfb;font-weight:500}
  .name{font-weight:500;color:#f2f3f5}.app{background:#5865f2;color:#fff;font-size:10px;border-radius:3px;padding:1px 4px;margin-left:4px;vertical-align:1px}
  .time{color:#949ba4;font-size:12px;margin-left:6px}
  .content{margin:2px 0 4px}
  .embed{background:#2b2d31;border-left:4px solid;border-radius:4px;padding:8px 16px 12px 12px;margin-top:4px;max-width:520px}
  .etitle{font-weight:600;margin:4px 0}.etitle a,.edesc a,.fvalue a{color:#00a8fc;text-decoration:none}
  .edesc{font-size:14px;margin-top:6px}
  .fields{display:flex;flex-wrap:wrap;gap:8px 16px;margin-top:8px}.field{flex:1 1 100%;font-size:14px}.field.inline{flex:1 1 28%}
  .fname{font-weight:600;margin-bottom:2px}
  .efoot{font-size:12px;color:#b5bac1;margin-top:8px}
  .mention{background:rgba(88,101,242,.3);color:#c9cdfb;border-radius:3px;padding:0 2px}
  .eph{font-size:12px;color:#949ba4;margin-top:4px}
  </style></head><body><div class="msg"><div class="avatar">C</div><div>
  <div class="reply"><b>@${html(input.user)}</b> used <b>/${html(input.command)}</b></div>
  <div><span class="name">CATAN Tournament</span><span class="app">APP</span><span class="time">Today at 19:42</span></div>
  ${m.content ? `<div class="content">${markdown(m.content, mentions)}</div>` : ""}
  ${(m.embeds ?? []).map((e: Json) => embed(e, mentions)).join("")}
  ${input.ephemeral ? '<div class="eph">Only you can see this · Dismiss message</div>' : ""}
  </div></div></body></html>`;
}
