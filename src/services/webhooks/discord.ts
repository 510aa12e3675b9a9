import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { players } from "../../db/schema";
import type { RoundSeatedPayload, SeatPayload, TableResultPayload } from "./payloads";

/** Discord's embed limits (developer docs, "Embed Limits"). */
export const DISCORD_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embeds: 10,
  total: 6000,
} as const;

export interface DiscordEmbed {
  title: string;
  description?: string;
  url?: string;
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string };
  timestamp?: string;
}

export interface DiscordMessage {
  username: string;
  content?: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: never[] };
}

const COLORS = { result: 0x2e7d32, seating: 0x1565c0, standings: 0xf9a825, alert: 0xc62828 } as const;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function embedSize(e: DiscordEmbed): number {
  return (
    e.title.length +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

/** Trims every part to Discord's limits, then drops fields (saying so) until the message fits 6000 characters. */
export function fitToDiscord(embeds: DiscordEmbed[]): DiscordEmbed[] {
  const out = embeds.slice(0, DISCORD_LIMITS.embeds).map((e) => ({
    ...e,
    title: cut(e.title, DISCORD_LIMITS.title),
    ...(e.description ? { description: cut(e.description, DISCORD_LIMITS.description) } : {}),
    ...(e.footer ? { footer: { text: cut(e.footer.text, DISCORD_LIMITS.footer) } } : {}),
    fields: (e.fields ?? []).slice(0, DISCORD_LIMITS.fields).map((f) => ({
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
  if (dropped > 0 && out[0])
    out[0].footer = { text: `${dropped} more not shown: follow the link for everything.` };
  return out;
}

const placementLine = (s: SeatPayload) =>
  `${s.placement ?? "–"}. ${s.name ?? s.playerId} — ${s.vp ?? "?"} VP`;

function roundLabel(kind: string, number: number): string {
  if (kind === "semifinal") return "Semifinals";
  if (kind === "final") return "Final";
  return `Game ${number}`;
}

function placements(table: TableResultPayload): string {
  return [...table.seats]
    .sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99) || a.position - b.position)
    .map(placementLine)
    .join("\n");
}

function resultEmbed(title: string, table: TableResultPayload, link?: string): DiscordEmbed {
  return {
    title: `${roundLabel(table.round.kind, table.round.number)} · Table ${table.tableNumber}: ${title}`,
    description: placements(table),
    color: COLORS.result,
    ...(link ? { url: `${link}/v1/tables/${table.tableId}` } : {}),
  };
}

async function namesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(inArray(players.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function seatingEmbeds(
  db: Database,
  round: RoundSeatedPayload,
  link?: string,
): Promise<DiscordEmbed[]> {
  const names = await namesOf(
    db,
    round.tables.flatMap((t) => t.seats.map((s) => s.playerId)),
  );
  const fields = round.tables.map((t) => ({
    name: `Table ${t.number}`,
    value: t.seats.map((s) => `${s.position}. ${names.get(s.playerId) ?? s.playerId}`).join("\n"),
    inline: true,
  }));
  const embeds: DiscordEmbed[] = [];
  for (let i = 0; i < fields.length || i === 0; i += DISCORD_LIMITS.fields) {
    embeds.push({
      title: `${roundLabel(round.kind, round.number)} seating${i > 0 ? " (continued)" : ""}`,
      color: COLORS.seating,
      fields: fields.slice(i, i + DISCORD_LIMITS.fields),
      ...(link ? { url: `${link}/v1/rounds/${round.roundId}` } : {}),
    });
  }
  return embeds;
}

/**
 * The base for embed links, or undefined when Discord would refuse it: Discord answers 400 to
 * an embed `url` whose host has no top-level domain (`http://localhost:8787`, `PUBLIC_URL`'s
 * default under `npm start`), and a 400 is not retried, so the channel would get nothing.
 * Such messages go without links; so do IP literals, which nobody in the channel can open.
 */
export function discordLinkBase(publicUrl: string | undefined): string | undefined {
  if (!publicUrl || !URL.canParse(publicUrl)) return undefined;
  const url = new URL(publicUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (!/\.[a-z][a-z0-9-]*[a-z0-9]$/i.test(url.hostname)) return undefined;
  return publicUrl.replace(/\/+$/, "");
}

/** The Discord message of a notification: embeds only, no mentions ever pinged. */
export async function discordMessage(
  db: Database,
  type: string,
  data: Record<string, unknown>,
  publicUrlSetting?: string,
): Promise<DiscordMessage> {
  const publicUrl = discordLinkBase(publicUrlSetting);
  let embeds: DiscordEmbed[];
  switch (type) {
    case "round.seated":
    case "playoffs.seated":
      embeds = await seatingEmbeds(db, data as unknown as RoundSeatedPayload, publicUrl);
      break;
    case "result.final":
      embeds = [resultEmbed("final result", data as unknown as TableResultPayload, publicUrl)];
      break;
    case "result.submitted":
      embeds = [resultEmbed("result submitted (pending)", data as unknown as TableResultPayload, publicUrl)];
      break;
    case "result.confirmed":
      embeds = [resultEmbed("result confirmed", data as unknown as TableResultPayload, publicUrl)];
      break;
    case "result.corrected": {
      const { before, after, reason } = data as {
        before: TableResultPayload;
        after: TableResultPayload;
        reason: string;
      };
      const embed = resultEmbed("result corrected", after, publicUrl);
      embed.color = COLORS.alert;
      embed.fields = [
        { name: "Before", value: placements(before) },
        { name: "Reason", value: reason || "–" },
      ];
      embeds = [embed];
      break;
    }
    case "standings.changed": {
      const d = data as {
        top?: { rank: number | null; name: string; wins: number; vp: number }[];
        urls?: { session: string | null; event: string };
      };
      const lines = (d.top ?? []).map((r) => `${r.rank ?? "–"}. ${r.name} — ${r.wins} W, ${r.vp} VP`);
      const path = d.urls?.session ?? d.urls?.event;
      embeds = [
        {
          title: "Standings updated: top 8",
          description: lines.length > 0 ? lines.join("\n") : "No final results yet.",
          color: COLORS.standings,
          ...(publicUrl && path ? { url: `${publicUrl}${path}` } : {}),
        },
      ];
      break;
    }
    case "player.disqualified": {
      const d = data as { name?: string; playerId: string; reason: string };
      embeds = [
        { title: `Disqualified: ${d.name ?? d.playerId}`, description: d.reason, color: COLORS.alert },
      ];
      break;
    }
    case "event.completed": {
      const d = data as { final?: TableResultPayload };
      embeds = [
        {
          title: "Tournament completed",
          ...(d.final ? { description: placements(d.final) } : {}),
          color: COLORS.result,
        },
      ];
      break;
    }
    default:
      embeds = [{ title: type }];
  }
  return { username: "CATAN Tournament", embeds: fitToDiscord(embeds), allowed_mentions: { parse: [] } };
}
