/**
 * A player's own commands, for the Discord account linked to their player record (the
 * player's `discordId`; they ask for it with `/link`): `/mytable`, `/confirm` and `/dispute`.
 * Confirming and disputing call the tables service exactly as POST …/result/confirmations and
 * …/disputes with a seat code do: the same rules, the same per-seat limit on wrong codes (a wrong
 * code here counts toward it), the same audit.
 */
import { and, eq, inArray } from "drizzle-orm";
import { gameTables, players, seats, tableResults } from "../../db/schema";
import { orgSubtree } from "../access";
import { ServiceError } from "../errors";
import { confirmResult, disputeResult } from "../tables";
import { COLORS, escapeMarkdown, ordinal } from "../webhooks";
import {
  type CommandContext,
  type CommandSpec,
  gameName,
  openTables,
  orgOf,
  type Reply,
  say,
  stringOption,
  text,
} from "./command-context";

const REASON_LENGTH = { min: 3, max: 500 } as const;
const seatCode = text("code", "The code next to your name on the result sheet.", {
  required: true,
  min_length: 4,
  max_length: 12,
});

/** How many open tables of one player are looked at (a player has one or two). */
const OPEN_TABLES = 10;

const notLinked = say(
  "Your Discord account is not linked to a player of this tournament organisation: ask for it with /link member-number, a staff member approves it.",
);

/**
 * The member's players (this Discord account's, in the server's organisation and its members;
 * none: not linked) and their open tables (with `pendingOnly`, those with a pending sheet): the
 * first is where they play now, or next. Read as the server's client, another organisation's
 * private event or an event the server does not follow is left out.
 */
async function myOpenTables(cc: CommandContext, pendingOnly: boolean) {
  const orgIds = await orgSubtree(cc.ctx.db, orgOf(cc));
  const linked = await cc.ctx.db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(and(inArray(players.orgId, orgIds), eq(players.discordId, cc.user.id)));
  if (linked.length === 0) return undefined;
  const ids = linked.map((p) => p.id);
  const mine = cc.ctx.db.select({ id: seats.tableId }).from(seats).where(inArray(seats.playerId, ids));
  const open = await openTables(
    cc,
    and(inArray(gameTables.id, mine), pendingOnly ? eq(tableResults.status, "pending") : undefined),
    OPEN_TABLES,
  );
  const tables = open.map((t) => {
    const me = t.view.seats.find((s) => ids.includes(s.player.id))!;
    const game = gameName(t);
    return { ...t, me, game, where: `${game}, Table ${t.view.number}` };
  });
  return { name: linked[0]!.name, tables };
}

type MyTable = NonNullable<Awaited<ReturnType<typeof myOpenTables>>>["tables"][number];

export const mytable: CommandSpec = {
  description: "Where you play now or next: table, turn order, opponents.",
  async run(cc) {
    const mine = await myOpenTables(cc, false);
    if (!mine) return notLinked;
    const [current] = mine.tables;
    if (!current) {
      return say(
        `${escapeMarkdown(mine.name)}, you have no table waiting: the next game is not seated yet (or this server's event is not yours).`,
      );
    }
    const { view, me } = current;
    const others = view.seats
      .filter((s) => s !== me)
      .map(
        (s) => `${s.position}. ${escapeMarkdown(s.player.name)}${s.seedRank ? ` (seed ${s.seedRank})` : ""}`,
      );
    const status = !view.result
      ? "No result yet."
      : `Pending: ${me.confirmed ? "you confirmed it" : "confirm it with /confirm and your seat code, or /dispute"}.`;
    const boardUrl = current.board ? cc.links.screen(view.eventId, "seating") : undefined;
    const embed = {
      title: `${current.game} · Table ${view.number}`,
      description:
        `You play **${ordinal(me.position)}** of ${view.seats.length} (turn order ${me.position}): players choose chair and colour in turn order.` +
        (me.seedRank ? ` You are seed ${me.seedRank}.` : ""),
      color: COLORS.seating,
      url: cc.links.table(current.tableId),
      fields: [
        { name: "Opponents (turn order)", value: others.join("\n") || "–" },
        { name: "Result", value: status },
        ...(boardUrl ? [{ name: "Board", value: `[The game's board](${boardUrl})` }] : []),
      ],
      footer: { text: escapeMarkdown(current.eventName) },
    };
    return { embeds: [embed] };
  },
};

/**
 * `/confirm` and `/dispute`: the member's first pending table `pick` accepts, acted on with the
 * seat code; the tables service's refusals of the code in words for the player.
 */
async function withSeatCode(
  cc: CommandContext,
  pick: (t: MyTable) => boolean,
  none: string,
  act: (t: MyTable, code: string) => Promise<string>,
): Promise<Reply> {
  const mine = await myOpenTables(cc, true);
  if (!mine) return notLinked;
  const target = mine.tables.find(pick);
  if (!target) return say(none);
  try {
    return say(await act(target, stringOption(cc, "code") ?? ""));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.code === "wrong_seat_code") {
      // `remaining` from the seat's RateLimit header.
      const left = /"seat-code";r=(\d+)/.exec(error.details.headers?.ratelimit ?? "")?.[1];
      return say(
        `That is not the code next to your name on the result sheet of ${target.where}.${left !== undefined ? ` ${left} ${left === "1" ? "try" : "tries"} left for your seat in the next 15 minutes.` : ""}`,
      );
    }
    if (error.kind !== "rate_limited") throw error;
    const minutes = Math.ceil(Number(error.details.headers?.["retry-after"] ?? 60) / 60);
    return say(
      `Too many wrong codes for your seat: try again in ${minutes} min, or ask a referee to confirm for you.`,
    );
  }
}

export const confirm: CommandSpec = {
  description: "Confirm your table's pending result with your seat code.",
  options: [seatCode],
  run: (cc) =>
    withSeatCode(
      cc,
      (t) => !t.me.confirmed,
      "No result is waiting for your confirmation.",
      async (t, code) => {
        const table = await confirmResult(cc.ctx, t.tableId, { playerId: t.me.player.id, code });
        const waiting = table.result?.awaitingConfirmation ?? [];
        const names = table.seats
          .filter((s) => waiting.includes(s.player.id))
          .map((s) => escapeMarkdown(s.player.name));
        return table.result?.status === "final"
          ? `Confirmed: the result of ${t.where} is final.`
          : `Confirmed your result at ${t.where}.${names.length > 0 ? ` Still to confirm: ${names.join(", ")}.` : ""}`;
      },
    ),
};

export const dispute: CommandSpec = {
  description: "Dispute your table's pending result with your seat code.",
  options: [
    seatCode,
    text("reason", "What is wrong on the sheet.", {
      required: true,
      min_length: REASON_LENGTH.min,
      max_length: REASON_LENGTH.max,
    }),
  ],
  async run(cc) {
    const reason = stringOption(cc, "reason") ?? "";
    if (reason.length < REASON_LENGTH.min || reason.length > REASON_LENGTH.max) {
      return say(`Say what is wrong in ${REASON_LENGTH.min} to ${REASON_LENGTH.max} characters.`);
    }
    return withSeatCode(
      cc,
      (t) => !t.view.result?.disputes.some((d) => d.playerId === t.me.player.id),
      "No pending result of yours is left to dispute.",
      async (t, code) => {
        await disputeResult(cc.ctx, t.tableId, { playerId: t.me.player.id, code, reason });
        return `Disputed the result of ${t.where}: it stays pending until a referee decides or the sheet is replaced.`;
      },
    );
  },
};
