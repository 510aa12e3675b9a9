/**
 * Server and staff commands: `/setup` (Manage Server, from the interaction's member
 * permissions), `/seat` and `/results` (staff, as guilds.ts says; `/approve` is with the link
 * requests).
 */
import { PermissionFlagsBits } from "discord-api-types/v10";
import { and, desc, eq, inArray } from "drizzle-orm";
import { discordGuilds, events, organizations, rounds, sessions } from "../../db/schema";
import { orgSubtree, readableEvent } from "../access";
import { getEvent } from "../events";
import { getRound } from "../rounds";
import { COLORS, escapeMarkdown, fitEmbeds, seatingEmbeds } from "../webhooks";
import {
  type CommandContext,
  type CommandSpec,
  choicesOf,
  gameName,
  isStaff,
  matches,
  noEvent,
  openTables,
  orgOf,
  role,
  say,
  stringOption,
  text,
} from "./command-context";
import { setupGuild } from "./guilds";

export const setup: CommandSpec = {
  description: "Link this server to the tournament organisation (needs Manage Server).",
  options: [
    text("code", "The setup code from the organisation (first link only).", {
      min_length: 6,
      max_length: 32,
    }),
    text("event", "The event this server follows ('none' to stop following one).", {
      autocomplete: true,
      max_length: 64,
    }),
    role("organizer-role", "Members with this role act as organisers (approve links)."),
    role("referee-role", "Members with this role act as referees (seating, open results)."),
  ],
  permissions: PermissionFlagsBits.ManageGuild,
  withoutLink: true,
  async run(cc) {
    if (!cc.managesServer) {
      return say("Only a member with the Manage Server permission may link this server.");
    }
    const link = await setupGuild(cc);
    const [names] = await cc.ctx.db
      .select({ org: organizations.name, event: events.name })
      .from(discordGuilds)
      .innerJoin(organizations, eq(organizations.id, discordGuilds.orgId))
      .leftJoin(events, eq(events.id, discordGuilds.eventId))
      .where(eq(discordGuilds.guildId, link.guildId));
    const roles = Object.entries(link.staffRoles).map(([id, role]) => `<@&${id}> act as ${role}s`);
    return say(
      [
        `This server is linked to **${escapeMarkdown(names?.org ?? link.orgId)}**${names?.event ? ` and follows **${escapeMarkdown(names.event)}**` : " and follows no event yet (/setup event:)"}.`,
        roles.length > 0
          ? `Staff: ${roles.join("; ")}.`
          : "No staff role yet (/setup organizer-role: referee-role:).",
      ].join("\n"),
    );
  },
  async complete(cc, option, typed) {
    // Event names are the organisation's data: only a linked server's managers see them, and
    // private ones only its staff.
    if (option !== "event" || !cc.link || !cc.managesServer) return [];
    const orgIds = await orgSubtree(cc.ctx.db, orgOf(cc));
    const rows = await cc.ctx.db
      .select({ id: events.id, name: events.name, startsOn: events.startsOn })
      .from(events)
      .where(and(inArray(events.orgId, orgIds), isStaff(cc) ? undefined : eq(events.visibility, "public")))
      .orderBy(desc(events.startsOn), desc(events.id))
      .limit(50);
    const label = (e: (typeof rows)[number]) => `${e.name}${e.startsOn ? ` (${e.startsOn})` : ""}`;
    const found = choicesOf(rows, typed, (e) => e.name, label).slice(0, 24);
    return [{ name: "none (follow no event)", value: "none" }, ...found];
  },
};

async function roundChoices(cc: CommandContext, eventId: string) {
  await readableEvent(cc.ctx, eventId);
  return cc.ctx.db
    .select({ id: rounds.id, kind: rounds.kind, number: rounds.number, sessionName: sessions.name })
    .from(rounds)
    .leftJoin(sessions, eq(sessions.id, rounds.sessionId))
    .where(eq(rounds.eventId, eventId))
    .orderBy(desc(rounds.createdAt), desc(rounds.id))
    .limit(25);
}

export const seat: CommandSpec = {
  description: "Post a game's seating to this channel (referees and organisers).",
  options: [text("game", "The game (default: the latest seated).", { autocomplete: true, max_length: 100 })],
  inChannel: true,
  staff: true,
  async run(cc) {
    const given = stringOption(cc, "game");
    let roundId = given && /^rnd_/.test(given) ? given : undefined;
    if (!roundId) {
      if (!cc.link?.eventId) return noEvent;
      const choices = await roundChoices(cc, cc.link.eventId);
      const found = given ? choices.find((r) => matches(gameName(r), given)) : choices[0];
      if (!found) return say(given ? `No game called “${escapeMarkdown(given)}”.` : "No game is seated yet.");
      roundId = found.id;
    }
    const round = await getRound(cc.ctx, roundId);
    const [session] = round.sessionId
      ? await cc.ctx.db.select({ name: sessions.name }).from(sessions).where(eq(sessions.id, round.sessionId))
      : [];
    const title = gameName({ sessionName: session?.name, kind: round.kind, number: round.number });
    const url = cc.links.screen(round.eventId, "seating");
    return { embeds: fitEmbeds(seatingEmbeds(title, url, round.tables, (s) => s.player.name, "–")) };
  },
  async complete(cc, option, typed) {
    if (option !== "game" || !cc.link?.eventId) return [];
    return choicesOf(await roundChoices(cc, cc.link.eventId), typed, gameName);
  },
};

/** Tables listed by `/results` at most (the embed says when there are more). */
const OPEN_RESULTS = 100;

export const results: CommandSpec = {
  description: "Tables still without a final result (referees and organisers).",
  staff: true,
  async run(cc) {
    const eventId = cc.link?.eventId;
    if (!eventId) return noEvent;
    const event = await getEvent(cc.ctx, eventId);
    const open = await openTables(cc, eq(rounds.eventId, eventId), OPEN_RESULTS + 1);
    if (open.length === 0) {
      return say(`Every seated table of ${escapeMarkdown(event.name)} has a final result.`);
    }
    const byRound = new Map<string, { name: string; lines: string[] }>();
    for (const { view, ...t } of open.slice(0, OPEN_RESULTS)) {
      const group = byRound.get(t.roundId) ?? { name: gameName(t), lines: [] };
      const result = view.result;
      const nameOf = (id: string) =>
        escapeMarkdown(view.seats.find((s) => s.player.id === id)?.player.name ?? id);
      const status = !result
        ? "no result"
        : result.disputes.length > 0
          ? `disputed by ${result.disputes.map((d) => nameOf(d.playerId)).join(", ")}`
          : `pending, waiting for ${result.awaitingConfirmation.map(nameOf).join(", ") || "a referee"}`;
      group.lines.push(`Table ${view.number}: ${status}`);
      byRound.set(t.roundId, group);
    }
    return {
      embeds: fitEmbeds([
        {
          title: `Open results · ${event.name}`,
          color: COLORS.alert,
          url: cc.links.event(eventId),
          fields: [...byRound.values()].map((g) => ({ name: g.name, value: g.lines.join("\n") })),
          ...(open.length > OPEN_RESULTS
            ? { footer: { text: `The first ${OPEN_RESULTS} open tables.` } }
            : {}),
        },
      ]),
    };
  },
};
