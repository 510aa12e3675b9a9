/**
 * `/standings [session]` and `/qualification [top]`: the same rankings as GET
 * …/standings and …/qualification (the standings service builds them, read as the server's
 * client), as one embed in the webhooks' Discord style. Both are always deferred: a ranking of
 * a large event can take longer than Discord's first-response deadline.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { events, sessions } from "../../db/schema";
import { orgSubtree } from "../access";
import { getEvent, listSessions } from "../events";
import { getQualification, getSessionStandings, type StandingsRowDto } from "../standings";
import { escapeMarkdown, fitEmbeds, rankingEmbed, roundLabel } from "../webhooks";
import {
  type CommandContext,
  type CommandSpec,
  choicesOf,
  integer,
  matches,
  noEvent,
  orgOf,
  type Reply,
  say,
  stringOption,
  text,
} from "./command-context";

const DEFAULT_TOP = 16;

/**
 * Sessions a member may pick: those of the server's event, or without one the newest sessions
 * of the organisation's events and of the sessions it hosts (25 at most: Discord's limit).
 */
async function sessionChoices(cc: CommandContext) {
  if (cc.link?.eventId) {
    const [event, list] = await Promise.all([
      getEvent(cc.ctx, cc.link.eventId),
      listSessions(cc.ctx, cc.link.eventId),
    ]);
    return list.data
      .map((s) => ({ id: s.id, name: s.name, eventName: event.name, date: s.date }))
      .reverse()
      .slice(0, 25);
  }
  const orgIds = await orgSubtree(cc.ctx.db, orgOf(cc));
  // Without an event the server shows its members what the public sees (guildActor); staff all.
  const publicOnly = cc.ctx.actor.kind === "client" && cc.ctx.actor.orgId === null;
  return cc.ctx.db
    .select({ id: sessions.id, name: sessions.name, eventName: events.name, date: sessions.date })
    .from(sessions)
    .innerJoin(events, eq(events.id, sessions.eventId))
    .where(
      and(
        or(inArray(events.orgId, orgIds), eq(sessions.hostOrgId, orgOf(cc))),
        publicOnly ? eq(events.visibility, "public") : undefined,
      ),
    )
    .orderBy(desc(sessions.date), desc(sessions.id))
    .limit(25);
}

/** The session named by the option (an id from autocomplete, or a typed name), else the latest. */
async function resolveSession(cc: CommandContext): Promise<string | Reply> {
  const given = stringOption(cc, "session");
  if (given && /^ses_/.test(given)) return given;
  const choices = await sessionChoices(cc);
  if (given) {
    const found =
      choices.find((s) => s.name.toLowerCase() === given.toLowerCase()) ??
      choices.find((s) => matches(s.name, given));
    return (
      found?.id ?? say(`No session called “${escapeMarkdown(given)}”: pick one from the list while typing.`)
    );
  }
  if (!cc.link?.eventId) {
    return say(
      "This server follows no event: pick a session from the list, or follow an event with /setup event:.",
    );
  }
  return choices[0]?.id ?? say("The server's event has no session yet.");
}

function rankingLine(row: StandingsRowDto, extra = ""): string {
  const flags = [row.dropped ? "dropped" : "", row.eliminated ? "cut" : ""].filter(Boolean).join(", ");
  return `${row.rank}. ${escapeMarkdown(row.player.name)} — ${row.wins} W, ${row.vp} VP${extra}${flags ? ` (${flags})` : ""}`;
}

/** A ranking as one embed linked to the event page, as the standings notification is. */
const rankingReply = (
  cc: CommandContext,
  eventId: string,
  title: string,
  lines: string[],
  footer: string,
) => ({
  embeds: fitEmbeds([{ ...rankingEmbed(title, lines, cc.links.event(eventId)), footer: { text: footer } }]),
});

function progress(rounds: { kind: string; number: number; tables: number; finalTables: number }[]): string {
  const last = rounds.filter((r) => r.kind === "prelim").at(-1);
  return last
    ? `${roundLabel(last.kind, last.number)}: ${last.finalTables}/${last.tables} results final`
    : "No game seated yet";
}

export const standings: CommandSpec = {
  description: "A session's ranking.",
  options: [
    text("session", "The session (default: the latest of the server's event).", {
      autocomplete: true,
      max_length: 100,
    }),
  ],
  inChannel: true,
  deferred: true,
  async run(cc) {
    const sessionId = await resolveSession(cc);
    if (typeof sessionId !== "string") return sessionId;
    const s = await getSessionStandings(cc.ctx, sessionId);
    const event = await getEvent(cc.ctx, s.eventId);
    return rankingReply(
      cc,
      s.eventId,
      `Standings · ${s.sessionName} (${event.name})`,
      s.rows.map((row) => rankingLine(row)),
      `${progress(s.rounds)} · ${s.playerCount} players`,
    );
  },
  async complete(cc, option, typed) {
    if (option !== "session") return [];
    return choicesOf(
      await sessionChoices(cc),
      typed,
      (s) => `${s.name} ${s.eventName}`,
      (s) => `${s.name} · ${s.eventName}${s.date ? ` (${s.date})` : ""}`,
    );
  },
};

export const qualification: CommandSpec = {
  description: "The event's qualification ranking (each player's best session).",
  options: [integer("top", "How many rows (default 16).", { min_value: 1, max_value: 50 })],
  inChannel: true,
  deferred: true,
  async run(cc) {
    const eventId = cc.link?.eventId;
    if (!eventId) return noEvent;
    const top = cc.options.get("top");
    const rows = typeof top === "number" ? Math.min(Math.max(top, 1), 50) : DEFAULT_TOP;
    const [q, event] = await Promise.all([getQualification(cc.ctx, eventId), getEvent(cc.ctx, eventId)]);
    const sessionName = new Map(q.sessions.map((s) => [s.id, s.name]));
    // Each row's session, when there are several.
    const where = (id: string | null) =>
      id && q.sessions.length > 1 ? ` · ${escapeMarkdown(sessionName.get(id) ?? "")}` : "";
    return rankingReply(
      cc,
      q.eventId,
      `Qualification · ${event.name}`,
      q.rows
        .slice(0, rows)
        .map((row) => `${rankingLine(row, where(row.sessionId))}${row.qualified ? " ✓" : ""}`),
      `✓ qualifies (the top ${q.qualifierCount}) · ${q.uniqueParticipants} players · ${q.sessions.length} session${q.sessions.length === 1 ? "" : "s"}`,
    );
  },
};
