/**
 * A player's own commands, for the Discord account linked to their player record (the
 * player's `discordId`): `/mytable`, `/confirm`, `/dispute`, and `/link` to ask for that link.
 * Confirming and disputing call the tables service exactly as POST …/result/confirmations and
 * …/disputes with a seat code do: the same rules, the same per-seat limit on wrong codes (a wrong
 * code here counts toward it), the same audit.
 */
import type { APIEmbed } from "discord-api-types/v10";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { boards, events, players, rounds, seats, sessions, tableResults } from "../../db/schema";
import { orgSubtree } from "../access";
import { ServiceError } from "../errors";
import { confirmWithCode, disputeResult, getTables, type TableDto } from "../tables";
import { type CommandContext, type CommandSpec, orgOf, stringOption } from "./command-context";
import { REASON_LENGTH } from "./commands";
import { requestLink } from "./link-requests";
import { COLORS, escapeMarkdown, ordinal, type Reply, roundLabel, say } from "./messages";

/** How many open tables of one player are looked at (a player has one or two). */
const OPEN_TABLES = 10;

/** The players this Discord account is linked to, in the server's organisation and its members. */
async function linkedPlayers(cc: CommandContext): Promise<{ id: string; name: string }[]> {
  const orgIds = await orgSubtree(cc.ctx.db, orgOf(cc));
  return cc.ctx.db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(and(inArray(players.orgId, orgIds), eq(players.discordId, cc.user.id)));
}

const notLinked = () =>
  say(
    "Your Discord account is not linked to a player of this tournament organisation: ask for it with /link member-number, a staff member approves it.",
  );

interface OpenTable {
  tableId: string;
  playerId: string;
  eventName: string;
  sessionName: string | null;
  kind: "prelim" | "semifinal" | "final";
  roundNumber: number;
  hasBoard: boolean;
}

/**
 * The player's tables without a final result (or, with `pendingOnly`, with a pending sheet),
 * oldest game first: the first is where they play now, or next.
 */
async function openTables(
  cc: CommandContext,
  playerIds: string[],
  pendingOnly: boolean,
): Promise<OpenTable[]> {
  return cc.ctx.db
    .select({
      tableId: seats.tableId,
      playerId: seats.playerId,
      eventName: events.name,
      sessionName: sessions.name,
      kind: rounds.kind,
      roundNumber: rounds.number,
      hasBoard: boards.roundId,
    })
    .from(seats)
    .innerJoin(rounds, eq(rounds.id, seats.roundId))
    .innerJoin(events, eq(events.id, rounds.eventId))
    .leftJoin(sessions, eq(sessions.id, rounds.sessionId))
    .leftJoin(tableResults, eq(tableResults.tableId, seats.tableId))
    .leftJoin(boards, eq(boards.roundId, rounds.id))
    .where(
      and(
        inArray(seats.playerId, playerIds),
        pendingOnly
          ? eq(tableResults.status, "pending")
          : or(isNull(tableResults.status), eq(tableResults.status, "pending")),
      ),
    )
    .orderBy(asc(rounds.createdAt), asc(rounds.id))
    .limit(OPEN_TABLES)
    .then((rows) => rows.map((r) => ({ ...r, hasBoard: r.hasBoard !== null })));
}

/**
 * The open tables the server may show (read as its client: another organisation's private
 * event, or an event the server does not follow, is left out), with their views.
 */
async function visibleOpenTables(cc: CommandContext, playerIds: string[], pendingOnly: boolean) {
  const open = await openTables(cc, playerIds, pendingOnly);
  if (open.length === 0) return [];
  const views = await getTables(
    cc.ctx,
    open.map((t) => t.tableId),
  );
  return open.flatMap((t) => {
    const view = views.get(t.tableId);
    return view && !(view instanceof Error) ? [{ ...t, view }] : [];
  });
}

const gameOf = (t: OpenTable) =>
  [t.sessionName, roundLabel(t.kind, t.roundNumber)].filter(Boolean).join(" · ");

export function myTableEmbed(t: OpenTable & { view: TableDto }, cc: Pick<CommandContext, "links">): APIEmbed {
  const me = t.view.seats.find((s) => s.player.id === t.playerId)!;
  const count = t.view.seats.length;
  const others = t.view.seats
    .filter((s) => s.player.id !== t.playerId)
    .map(
      (s) => `${s.position}. ${escapeMarkdown(s.player.name)}${s.seedRank ? ` (seed ${s.seedRank})` : ""}`,
    );
  const result = t.view.result;
  const status = !result
    ? "No result yet."
    : `Pending: ${me.confirmed ? "you confirmed it" : "confirm it with /confirm and your seat code, or /dispute"}.`;
  const tableUrl = cc.links.table(t.tableId);
  const boardUrl = t.hasBoard ? cc.links.screen(t.view.eventId, "seating") : undefined;
  return {
    title: `${gameOf(t)} · Table ${t.view.number}`,
    description:
      `You play **${ordinal(me.position)}** of ${count} (turn order ${me.position}): players choose chair and colour in turn order.` +
      (me.seedRank ? ` You are seed ${me.seedRank}.` : ""),
    color: COLORS.seating,
    ...(tableUrl ? { url: tableUrl } : {}),
    fields: [
      { name: "Opponents (turn order)", value: others.join("\n") || "–" },
      { name: "Result", value: status },
      ...(boardUrl ? [{ name: "Board", value: `[The game's board](${boardUrl})` }] : []),
    ],
    footer: { text: escapeMarkdown(t.eventName) },
  };
}

const mytable: CommandSpec = {
  ephemeral: true,
  async run(cc) {
    const linked = await linkedPlayers(cc);
    if (linked.length === 0) return notLinked();
    const [current] = await visibleOpenTables(
      cc,
      linked.map((p) => p.id),
      false,
    );
    if (!current) {
      return say(
        `${escapeMarkdown(linked[0]!.name)}, you have no table waiting: the next game is not seated yet (or this server's event is not yours).`,
      );
    }
    return { embeds: [myTableEmbed(current, cc)], ephemeral: true };
  },
};

const link: CommandSpec = {
  ephemeral: true,
  async run(cc) {
    const memberNumber = stringOption(cc, "member-number");
    if (!memberNumber) return say("Give your membership number: /link member-number:");
    let linked: Awaited<ReturnType<typeof requestLink>>;
    try {
      linked = await requestLink(cc.ctx, orgOf(cc), {
        guildId: cc.guildId,
        discordUserId: cc.user.id,
        discordUsername: cc.user.username,
        memberNumber,
      });
    } catch (error) {
      // The service's words echo what the member typed: escaped here, as names are.
      if (error instanceof ServiceError && error.code === "player_not_found") {
        return say(
          `No player of this organisation has the membership number ${escapeMarkdown(memberNumber)}.`,
        );
      }
      throw error;
    }
    if (linked.alreadyLinked) return say(`You are already linked to ${escapeMarkdown(linked.player.name)}.`);
    // No name before approval: a membership number alone must not tell whose it is.
    return say(
      `Asked to link your account to member ${escapeMarkdown(memberNumber)}. A tournament organiser checks and approves it with /approve; until then /mytable does not know you.`,
    );
  },
};

/** `remaining` from the seat's RateLimit header of a wrong-code refusal. */
function triesLeft(error: ServiceError): number | undefined {
  const match = /"seat-code";r=(\d+)/.exec(error.details.headers?.ratelimit ?? "");
  return match ? Number(match[1]) : undefined;
}

/** The tables service's refusals of a seat code, in words for the player. */
function seatCodeRefusal(error: unknown, where: string): Reply {
  if (!(error instanceof ServiceError)) throw error;
  if (error.code === "wrong_seat_code") {
    const left = triesLeft(error);
    return say(
      `That is not the code next to your name on the result sheet of ${where}.${left !== undefined ? ` ${left} ${left === 1 ? "try" : "tries"} left for your seat in the next 15 minutes.` : ""}`,
    );
  }
  if (error.kind === "rate_limited") {
    const minutes = Math.ceil(Number(error.details.headers?.["retry-after"] ?? 60) / 60);
    return say(
      `Too many wrong codes for your seat: try again in ${minutes} min, or ask a referee to confirm for you.`,
    );
  }
  throw error;
}

const whereOf = (t: OpenTable & { view: TableDto }) => `${gameOf(t)}, Table ${t.view.number}`;

const confirm: CommandSpec = {
  ephemeral: true,
  async run(cc) {
    const code = stringOption(cc, "code") ?? "";
    const linked = await linkedPlayers(cc);
    if (linked.length === 0) return notLinked();
    const open = await visibleOpenTables(
      cc,
      linked.map((p) => p.id),
      true,
    );
    const target = open.find((t) => !t.view.seats.find((s) => s.player.id === t.playerId)?.confirmed);
    if (!target) return say("No result is waiting for your confirmation.");
    let table: TableDto;
    try {
      table = await confirmWithCode(cc.ctx, target.tableId, { playerId: target.playerId, code });
    } catch (error) {
      return seatCodeRefusal(error, whereOf(target));
    }
    const waiting = table.result?.awaitingConfirmation ?? [];
    const names = table.seats
      .filter((s) => waiting.includes(s.player.id))
      .map((s) => escapeMarkdown(s.player.name));
    return say(
      table.result?.status === "final"
        ? `Confirmed: the result of ${whereOf(target)} is final.`
        : `Confirmed your result at ${whereOf(target)}.${names.length > 0 ? ` Still to confirm: ${names.join(", ")}.` : ""}`,
    );
  },
};

const dispute: CommandSpec = {
  ephemeral: true,
  async run(cc) {
    const code = stringOption(cc, "code") ?? "";
    const reason = stringOption(cc, "reason") ?? "";
    if (reason.length < REASON_LENGTH.min || reason.length > REASON_LENGTH.max) {
      return say(`Say what is wrong in ${REASON_LENGTH.min} to ${REASON_LENGTH.max} characters.`);
    }
    const linked = await linkedPlayers(cc);
    if (linked.length === 0) return notLinked();
    const open = await visibleOpenTables(
      cc,
      linked.map((p) => p.id),
      true,
    );
    const target = open.find((t) => !t.view.result?.disputes.some((d) => d.playerId === t.playerId));
    if (!target) return say("No pending result of yours is left to dispute.");
    try {
      await disputeResult(cc.ctx, target.tableId, { playerId: target.playerId, code, reason });
    } catch (error) {
      return seatCodeRefusal(error, whereOf(target));
    }
    return say(
      `Disputed the result of ${whereOf(target)}: it stays pending until a referee decides or the sheet is replaced.`,
    );
  },
};

export const PLAYER_COMMANDS = { mytable, link, confirm, dispute } satisfies Record<string, CommandSpec>;
