/**
 * The Discord message of a notification (a subscription in `discord` format): embeds built
 * with discord-format.ts, so they name the event, session and organisation, link to the human
 * pages and show names as typed.
 */

import type { APIAllowedMentions, APIEmbed } from "discord-api-types/v10";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { events, gameTables, organizations, players, rounds, sessions } from "../../db/schema";
import type { RoundSeatedPayload, TableResultPayload, WebhookEventType, WebhookPayload } from "../outbox";
import {
  COLORS,
  escapeMarkdown,
  fitEmbeds,
  linked,
  type MessageContext,
  NO_MENTIONS,
  type PageLinks,
  pageLinks,
  rankingEmbed,
  roundLabel,
  seatingEmbeds,
  withContext,
} from "./discord-format";

export interface DiscordMessage {
  username: string;
  embeds: APIEmbed[];
  allowed_mentions: APIAllowedMentions;
}

function placements(table: TableResultPayload): string {
  return [...table.seats]
    .sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99) || a.position - b.position)
    .map((s) => `${s.placement ?? "–"}. ${escapeMarkdown(s.name ?? s.playerId)} — ${s.vp ?? "?"} VP`)
    .join("\n");
}

function resultEmbed(title: string, table: TableResultPayload, links: PageLinks): APIEmbed {
  return {
    title: `${roundLabel(table.round.kind, table.round.number)} · Table ${table.tableNumber}: ${title}`,
    description: placements(table),
    color: COLORS.result,
    ...linked(links.table(table.tableId)),
  };
}

async function roundSeating(db: Database, round: RoundSeatedPayload, links: PageLinks): Promise<APIEmbed[]> {
  const ids = round.tables.flatMap((t) => t.seats.map((s) => s.playerId));
  const rows =
    ids.length > 0
      ? await db.select({ id: players.id, name: players.name }).from(players).where(inArray(players.id, ids))
      : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  // A session's games have their seating print; the playoffs are on the venue screen.
  const url = round.sessionId ? links.seating(round.sessionId) : links.screen(round.eventId, "seating");
  return seatingEmbeds(
    roundLabel(round.kind, round.number),
    url,
    round.tables,
    (s) => names.get(s.playerId) ?? s.playerId,
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The event, session and organisation names a message is headed with. */
async function contextOf(
  db: Database,
  data: Record<string, unknown>,
  at: string,
  links: PageLinks,
): Promise<MessageContext | null> {
  const eventId = text(data.eventId);
  if (!eventId) return null;
  // A correction carries its table before and after; a disqualification only its table.
  const table = (data.after ?? data.final) as { sessionId?: unknown } | undefined;
  let sessionId = text(data.sessionId) ?? text(table?.sessionId);
  const tableId = text(data.tableId);
  if (!sessionId && tableId) {
    const [seatedIn] = await db
      .select({ sessionId: rounds.sessionId })
      .from(gameTables)
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .where(eq(gameTables.id, tableId));
    sessionId = seatedIn?.sessionId ?? null;
  }
  const [row] = await db
    .select({ event: events.name, org: organizations.name })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.orgId))
    .where(eq(events.id, eventId));
  if (!row) return null;
  const [session] = sessionId
    ? await db.select({ name: sessions.name }).from(sessions).where(eq(sessions.id, sessionId))
    : [];
  return {
    eventName: row.event,
    sessionName: session?.name ?? null,
    orgName: row.org,
    at,
    eventUrl: links.event(eventId),
  };
}

/** The embed of every notification type but the seatings, each reading its own type's data. */
const EMBEDS: { [T in WebhookEventType]?: (data: WebhookPayload<T>, links: PageLinks) => APIEmbed } = {
  "result.final": (table, links) => resultEmbed("final result", table, links),
  "result.submitted": (table, links) =>
    resultEmbed(table.status === "pending" ? "result submitted (pending)" : "result submitted", table, links),
  "result.confirmed": (table, links) => resultEmbed("result confirmed", table, links),
  "result.corrected": ({ before, after, reason }, links) => {
    const embed = resultEmbed("result corrected", after, links);
    embed.color = COLORS.alert;
    embed.fields = [
      ...(before ? [{ name: "Before", value: placements(before) }] : []),
      { name: "Reason", value: reason ? escapeMarkdown(reason) : "–" },
    ];
    return embed;
  },
  "standings.changed": (d, links) =>
    rankingEmbed(
      "Standings updated: top 8",
      (d.top ?? []).map((r) => `${r.rank ?? "–"}. ${escapeMarkdown(r.name)} — ${r.wins} W, ${r.vp} VP`),
      links.event(d.eventId),
    ),
  "player.disqualified": (d, links) => ({
    title: `Disqualified: ${escapeMarkdown(d.name ?? d.playerId)}`,
    description: escapeMarkdown(d.reason),
    color: COLORS.alert,
    ...linked(d.tableId ? links.table(d.tableId) : links.event(d.eventId)),
  }),
  "event.completed": (d, links) => ({
    title: "Tournament completed",
    ...(d.final ? { description: placements(d.final) } : {}),
    color: COLORS.result,
    ...linked(links.event(d.eventId)),
  }),
  "seat.chosen": (d, links) => ({
    title: `Table ${d.tableNumber}: turn order by rank`,
    description: d.seats
      .map((s) => `${s.position}. ${escapeMarkdown(s.name)}${s.chosen ? ` (${s.colour})` : " (to choose)"}`)
      .join("\n"),
    color: COLORS.seating,
    ...linked(links.table(d.tableId)),
  }),
  "table.timer": (d, links) => ({
    title: d.timedTurns
      ? `Table ${d.tableNumber}: timed turns, ${d.turnSeconds} s a turn`
      : `Table ${d.tableNumber}: untimed turns`,
    color: COLORS.seating,
    ...linked(links.table(d.tableId)),
  }),
};

/** The Discord message of a notification: embeds only, headed with their context, no mentions ever pinged. */
export async function discordMessage(
  db: Database,
  type: string,
  data: Record<string, unknown>,
  options: { publicUrl?: string | undefined; at: string },
): Promise<DiscordMessage> {
  const links = pageLinks(options.publicUrl);
  const embed = EMBEDS[type as WebhookEventType] as
    | ((data: Record<string, unknown>, links: PageLinks) => APIEmbed)
    | undefined;
  const embeds =
    type === "round.seated" || type === "playoffs.seated"
      ? await roundSeating(db, data as unknown as RoundSeatedPayload, links)
      : [embed ? embed(data, links) : { title: type }];
  const context = await contextOf(db, data, options.at, links);
  return {
    username: "CATAN Tournament",
    embeds: fitEmbeds(context ? embeds.map((e) => withContext(e, context)) : embeds),
    allowed_mentions: NO_MENTIONS,
  };
}
