/**
 * What the commands answer, as Discord messages: embeds in the style of the webhooks' Discord
 * mode (the same colours, limits and trimming), names escaped so a player called `**Bob**`
 * or `@everyone` shows as typed, and links to the human pages when the public URL can be one.
 */
import type { APIEmbed } from "discord-api-types/v10";
import { DISCORD_LIMITS, discordLinkBase } from "../webhooks";

export const COLORS = { result: 0x2e7d32, seating: 0x1565c0, standings: 0xf9a825, alert: 0xc62828 } as const;

/** A command's answer before it becomes an interaction response or a webhook edit. */
export interface Reply {
  content?: string;
  embeds?: APIEmbed[];
  /** Only the person who ran the command sees it. */
  ephemeral?: boolean;
}

/**
 * Discord Markdown turned inert: every character that starts formatting, a heading, a list, a
 * quote, a link or a mention is backslash-escaped (mentions are also never pinged: the messages
 * send `allowed_mentions` empty).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>#\-[\]()<@]/g, (c) => `\\${c}`).replace(/\s*\n\s*/g, " ");
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function embedSize(e: APIEmbed): number {
  return (
    (e.title?.length ?? 0) +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

/**
 * Trims every part to Discord's limits, then drops fields (saying so in the footer) until the
 * message fits: Discord refuses the whole message otherwise.
 */
export function fitEmbeds(embeds: APIEmbed[]): APIEmbed[] {
  const out = embeds.slice(0, DISCORD_LIMITS.embeds).map((e) => ({
    ...e,
    ...(e.title ? { title: cut(e.title, DISCORD_LIMITS.title) } : {}),
    ...(e.description ? { description: cut(e.description, DISCORD_LIMITS.description) } : {}),
    ...(e.footer ? { footer: { text: cut(e.footer.text, DISCORD_LIMITS.footer) } } : {}),
    ...(e.fields
      ? {
          fields: e.fields.slice(0, DISCORD_LIMITS.fields).map((f) => ({
            ...f,
            name: cut(f.name, DISCORD_LIMITS.fieldName),
            value: cut(f.value, DISCORD_LIMITS.fieldValue),
          })),
        }
      : {}),
  }));
  const total = () => out.reduce((n, e) => n + embedSize(e), 0);
  let dropped = 0;
  while (total() > DISCORD_LIMITS.total - 100) {
    const last = [...out].reverse().find((e) => (e.fields?.length ?? 0) > 0);
    if (!last?.fields) break;
    last.fields.pop();
    dropped++;
  }
  if (dropped > 0 && out[0])
    out[0].footer = { text: `${dropped} more not shown: follow the link for everything.` };
  return out;
}

/** Absolute links to the human pages, or none when Discord would refuse the URL. */
export function pageLinks(publicUrl: string | undefined) {
  const base = discordLinkBase(publicUrl);
  return {
    base,
    event: (eventId: string) => (base ? `${base}/e/${eventId}` : undefined),
    table: (tableId: string) => (base ? `${base}/t/${tableId}` : undefined),
    screen: (eventId: string) => (base ? `${base}/e/${eventId}/screen?view=seating` : undefined),
  };
}
export type PageLinks = ReturnType<typeof pageLinks>;

/** `Game 3`, `Semifinals`, `Final`. */
export function roundLabel(kind: string, number: number): string {
  if (kind === "semifinal") return "Semifinals";
  if (kind === "final") return "Final";
  return `Game ${number}`;
}

/** 1st, 2nd, 3rd, 4th. */
export function ordinal(n: number): string {
  return `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
}

export const say = (content: string, ephemeral = true): Reply => ({ content, ephemeral });
