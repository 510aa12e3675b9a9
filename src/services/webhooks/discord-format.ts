/**
 * How the tournament speaks in Discord, for every message it posts there (webhook
 * notifications and the Discord application's command answers alike):
 *
 * - player, event and organisation names are escaped for Discord Markdown wherever Discord
 *   renders it (titles, descriptions, fields), so `**Bob**`, `||spoiler||`, `@everyone` or a
 *   masked link `[x](https://…)` show as typed; messages also send `allowed_mentions` empty,
 *   so nobody is pinged whatever a name says;
 * - every embed names its event and session (author line), the organisation that runs it
 *   (footer) and when it happened (timestamp);
 * - links go to the human pages (table page, venue screen, seating print, event page), never
 *   to the JSON API, and only when Discord accepts the base URL;
 * - everything is trimmed to Discord's documented limits, which refuses the whole message
 *   otherwise.
 */
import type { APIAllowedMentions, APIEmbed } from "discord-api-types/v10";

/** Discord's embed limits (developer docs, "Embed Limits"). */
export const DISCORD_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  embeds: 10,
  total: 6000,
} as const;

export const COLORS = { result: 0x2e7d32, seating: 0x1565c0, standings: 0xf9a825, alert: 0xc62828 } as const;

/** What every message posts with: nobody is ever pinged, whatever a name contains. */
export const NO_MENTIONS: APIAllowedMentions = { parse: [] };

/**
 * Discord Markdown made inert: every character that starts formatting (bold, italics,
 * underline, strike-through, spoiler, code), a heading, a list, a block quote, a masked link or
 * a mention is backslash-escaped, and line breaks become spaces (a name is one line).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>#\-[\]()<@:]/g, (c) => `\\${c}`).replace(/\s*[\r\n]+\s*/g, " ");
}

/** `Game 3`, `Semifinals`, `Final`. */
export function roundLabel(kind: string, number: number): string {
  if (kind === "semifinal") return "Semifinals";
  if (kind === "final") return "Final";
  return `Game ${number}`;
}

const ORDINAL_SUFFIX: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };

/** 1st, 2nd, 3rd, 4th (English ordinals by Intl.PluralRules). */
export function ordinal(n: number): string {
  return `${n}${ORDINAL_SUFFIX[new Intl.PluralRules("en", { type: "ordinal" }).select(n)] ?? "th"}`;
}

/**
 * The base for embed links, or undefined when Discord would refuse it: Discord answers 400 to
 * an embed `url` whose host has no top-level domain (`http://localhost:8787`), and a 400 is not
 * retried, so the channel would get nothing. Such messages go without links; so do IP
 * literals, which nobody in the channel can open.
 */
export function discordLinkBase(publicUrl: string | undefined): string | undefined {
  if (!publicUrl || !URL.canParse(publicUrl)) return undefined;
  const url = new URL(publicUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (!/\.[a-z][a-z0-9-]*[a-z0-9]$/i.test(url.hostname)) return undefined;
  return publicUrl.replace(/\/+$/, "");
}

/** Absolute links to the human pages, each undefined when Discord would refuse the base URL. */
export function pageLinks(publicUrl: string | undefined) {
  const base = discordLinkBase(publicUrl);
  const at = (path: string) => (base ? `${base}${path}` : undefined);
  return {
    event: (eventId: string) => at(`/e/${eventId}`),
    screen: (eventId: string, view?: "seating" | "ranking") =>
      at(`/e/${eventId}/screen${view ? `?view=${view}` : ""}`),
    table: (tableId: string) => at(`/t/${tableId}`),
    seating: (sessionId: string) => at(`/s/${sessionId}/print/seating`),
  };
}
export type PageLinks = ReturnType<typeof pageLinks>;

/** An embed's link to a human page, when the deployment has pages. */
export const linked = (url: string | null | undefined) => (url ? { url } : {});

/** A ranking, a line a player, as one embed linked to the event page. */
export const rankingEmbed = (title: string, lines: readonly string[], eventUrl: string | undefined) => ({
  title,
  description: lines.join("\n") || "No final results yet.",
  color: COLORS.standings,
  ...linked(eventUrl),
});

/**
 * A game's seating: one inline field per table, its players in turn order, 25 fields to an embed
 * (the next ones titled "(continued)"). `empty` stands for a table without players.
 */
export function seatingEmbeds<S extends { position: number }>(
  title: string,
  url: string | undefined,
  tables: readonly { number: number; seats: readonly S[] }[],
  nameOf: (seat: S) => string,
  empty = "",
): APIEmbed[] {
  const fields = tables.map((t) => ({
    name: `Table ${t.number}`,
    value: t.seats.map((s) => `${s.position}. ${escapeMarkdown(nameOf(s))}`).join("\n") || empty,
    inline: true,
  }));
  const per = DISCORD_LIMITS.fields;
  return Array.from({ length: Math.max(1, Math.ceil(fields.length / per)) }, (_, i) => ({
    title: `${title} seating${i > 0 ? " (continued)" : ""}`,
    color: COLORS.seating,
    fields: fields.slice(i * per, (i + 1) * per),
    ...linked(url),
  }));
}

/** Where a message belongs: shown as its author line, footer and timestamp. */
export interface MessageContext {
  eventName: string;
  sessionName?: string | null;
  orgName: string;
  /** ISO time of what happened. */
  at: string;
  /** The event page, linked from the author line. */
  eventUrl?: string | undefined;
}

/**
 * An embed with its context: author `Event · Session` (linked to the event page), footer
 * `Organisation · CATAN Tournament`, timestamp. Author and footer are plain text in Discord
 * (no Markdown), so names there stay unescaped.
 */
export function withContext(embed: APIEmbed, context: MessageContext): APIEmbed {
  const where = [context.eventName, context.sessionName].filter(Boolean).join(" · ");
  return {
    ...embed,
    author: { name: where, ...linked(context.eventUrl) },
    footer: { text: `${context.orgName} · CATAN Tournament${embed.footer ? ` · ${embed.footer.text}` : ""}` },
    timestamp: context.at,
  };
}

/** `text` cut to `max` characters, ending in … where it was cut. */
export const cut = <T extends string | undefined>(text: T, max: number): T =>
  text === undefined || text.length <= max ? text : (`${text.slice(0, max - 1)}…` as T);

function embedSize(e: APIEmbed): number {
  return (
    (e.title?.length ?? 0) +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.author?.name.length ?? 0) +
    (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

/**
 * Trims every part to Discord's limits, then drops fields (saying so in the first footer)
 * until the message fits 6000 characters.
 */
export function fitEmbeds(embeds: readonly APIEmbed[]): APIEmbed[] {
  // A part an embed does not have comes out undefined, which its JSON leaves out.
  const out = embeds.slice(0, DISCORD_LIMITS.embeds).map((e) => ({
    ...e,
    title: cut(e.title, DISCORD_LIMITS.title),
    description: cut(e.description, DISCORD_LIMITS.description),
    author: e.author && { ...e.author, name: cut(e.author.name, DISCORD_LIMITS.author) },
    footer: e.footer && { text: cut(e.footer.text, DISCORD_LIMITS.footer) },
    fields: e.fields?.slice(0, DISCORD_LIMITS.fields).map((f) => ({
      ...f,
      name: cut(f.name, DISCORD_LIMITS.fieldName),
      value: cut(f.value, DISCORD_LIMITS.fieldValue),
    })),
  }));
  const total = () => out.reduce((n, e) => n + embedSize(e), 0);
  let dropped = 0;
  while (total() > DISCORD_LIMITS.total - 100) {
    const last = [...out].reverse().find((e) => (e.fields?.length ?? 0) > 0);
    if (!last?.fields) break;
    last.fields.pop();
    dropped++;
  }
  const first = out[0];
  if (dropped > 0 && first) {
    const note = `${dropped} more not shown: follow the link for everything.`;
    first.footer = {
      text: cut(first.footer ? `${first.footer.text} · ${note}` : note, DISCORD_LIMITS.footer),
    };
  }
  return out;
}
