/**
 * Human pages: thin server-rendered views over the same services
 * as the JSON routes; they never query the database themselves. Private events answer 404 to
 * anyone who may not read them, exactly as the API does.
 */
import { type Context, Hono } from "hono";
import { toString as qrSvg } from "qrcode";
import { ServiceError } from "../../services/errors";
import { getEvent, getSession, listPublicEvents, listSessions } from "../../services/events";
import { getBoard, getRound, listSessionRounds } from "../../services/rounds";
import { getTable, getTables, type TableDto } from "../../services/tables";
import { cachedRankings } from "../cached-rankings";
import { type AppEnv, serviceContext } from "../context";
import { EventPage, eventDays } from "./event-page";
import { HomePage } from "./home-page";
import type { PageContext } from "./page-context";
import { page, sendPage } from "./page-response";
import { playerFormAction, type Refusal } from "./player-forms";
import { PrintSeatingPage } from "./print-seating-page";
import { PrintSheetsPage } from "./print-sheets-page";
import { PrintSlipsPage, SlipsRefusedPage } from "./print-slips-page";
import { ScreenPage } from "./screen-page";
import { pageSecurity } from "./security";
import type { ShownRow } from "./standings-table";
import { TablePage } from "./table-page";

const isPrivate = (event: { visibility: string }) => ({ private: event.visibility === "private" });

/** The load's value, or null when it fails as `kind`: the page goes without that part. */
async function unless<T>(kind: ServiceError["kind"], load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === kind) return null;
    throw error;
  }
}

export const pagesRouter = new Hono<AppEnv>();

/**
 * Every path of the venue's pages, which a store's phones read without a token: `/`, and `/e/…`
 * (an event and its screen), `/s/…` (a session's prints) and `/t/…` (a table).
 */
export const VENUE_PAGE_PATHS = ["/", "/e/*", "/s/*", "/t/*"];
/**
 * A session's printouts: asked for once a game by its staff, not polled, and their work grows
 * with the session (a QR code per table), so they are counted as the API's reads.
 */
export const PRINT_PAGE_PATHS = ["/s/:sessionId/print/*"];

// Every page (404s included) gets the security headers; the screen of an event that lets
// other sites embed it sets its own policy first, which these keep.
const security = pageSecurity();
for (const path of VENUE_PAGE_PATHS) pagesRouter.use(path, security);

pagesRouter.get(
  "/",
  page(async (c, p) => sendPage(c, <HomePage p={p} events={await listPublicEvents(serviceContext(c))} />)),
);

pagesRouter.get(
  "/e/:eventId",
  page(async (c, p) => {
    const ctx = serviceContext(c);
    const eventId = c.req.param("eventId")!;
    const event = await getEvent(ctx, eventId);
    // Through the response cache, as the API's rankings: phones poll these pages.
    const rankings = cachedRankings(ctx, c.get("responseCache"));
    const [sessions, qualification, standings] = await Promise.all([
      listSessions(ctx, eventId),
      rankings.qualification(eventId),
      // Stored playoff results that contradict the qualification: no event standings.
      unless("conflict", rankings.event(eventId)),
    ]);
    const playoffRounds = await Promise.all(
      (standings?.rounds ?? []).filter((r) => r.kind !== "prelim").map((r) => getRound(ctx, r.id)),
    );
    const tables = await getTables(
      ctx,
      playoffRounds.flatMap((r) => r.tables.map((t) => t.id)),
    );
    const playoffs = playoffRounds.map((r) => ({
      kind: r.kind as "semifinal" | "final",
      tables: r.tables
        .map((t) => tables.get(t.id))
        .filter((t): t is TableDto => !!t && !(t instanceof Error)),
    }));
    return sendPage(
      c,
      <EventPage p={p} data={{ event, sessions: sessions.data, qualification, standings, playoffs }} />,
      isPrivate(event),
    );
  }),
);

pagesRouter.get(
  "/e/:eventId/screen",
  page(async (c, p) => {
    const ctx = serviceContext(c);
    const eventId = c.req.param("eventId")!;
    // Through the response cache, as the API's rankings: screens poll this page.
    const rankings = cachedRankings(ctx, c.get("responseCache"));
    const [event, standings, sessions] = await Promise.all([
      getEvent(ctx, eventId),
      unless("conflict", rankings.event(eventId)),
      listSessions(ctx, eventId),
    ]);
    const rounds = standings?.rounds ?? (await rankings.qualification(eventId)).rounds;
    const current = rounds.find((r) => r.finalTables < r.tables) ?? rounds.at(-1);
    const round = current ? await getRound(ctx, current.id) : null;
    let ranking: { title: string; rows: ShownRow[] } = { title: p.t.qualification, rows: [] };
    let sessionName: string | null = null;
    if (current?.kind === "prelim" && current.sessionId) {
      const session = await rankings.session(current.sessionId);
      sessionName = session.sessionName;
      ranking = { title: session.sessionName, rows: session.rows };
    } else if (standings) {
      ranking = {
        title: standings.phase === "prelim" ? p.t.qualification : p.t.finalStandings,
        rows: standings.rows,
      };
    }
    const view = c.req.query("view");
    const rotate = Number(c.req.query("rotate"));
    const board = round ? ((await unless("not_found", getBoard(ctx, round.id)))?.hexes ?? null) : null;
    const screen = (
      <ScreenPage
        p={p}
        data={{
          event,
          days: eventDays(event.startsOn, sessions.data),
          round: round && current ? { ...round, sessionName, finalTables: current.finalTables } : null,
          board,
          ranking,
          view: view === "seating" || view === "ranking" ? view : null,
          // The final's result is in: nothing is live any more.
          complete: event.phase === "completed",
          rotateSeconds: Number.isInteger(rotate) && rotate >= 3 && rotate <= 600 ? rotate : 20,
        }}
      />
    );
    if (event.screenEmbedOrigins.length === 0) return sendPage(c, screen, isPrivate(event));
    await pageSecurity(event.screenEmbedOrigins)(c, async () => {
      c.res = await sendPage(c, screen, isPrivate(event));
    });
    return c.res;
  }),
);

async function sessionWithEvent(c: Context<AppEnv>, sessionId: string) {
  const ctx = serviceContext(c);
  const session = await getSession(ctx, sessionId);
  const [event, rounds] = await Promise.all([
    getEvent(ctx, session.eventId),
    listSessionRounds(ctx, sessionId),
  ]);
  return { ctx, session, event, rounds: rounds.data };
}

pagesRouter.get(
  "/s/:sessionId/print/seating",
  page(async (c, p) => {
    const { session, event, rounds } = await sessionWithEvent(c, c.req.param("sessionId")!);
    return sendPage(c, <PrintSeatingPage p={p} data={{ event, session, rounds }} />, isPrivate(event));
  }),
);

/** The game `?round=N` of a session (its last seated game without one) and each table's QR code. */
async function printedRound(c: Context<AppEnv>, p: PageContext) {
  const { ctx, session, event, rounds } = await sessionWithEvent(c, c.req.param("sessionId")!);
  const wanted = c.req.query("round");
  const round = wanted === undefined ? rounds.at(-1) : rounds.find((r) => String(r.number) === wanted);
  if (!round)
    throw new ServiceError(
      "not_found",
      "round_not_found",
      `Session ${session.id} has no game ${wanted ?? ""}.`,
    );
  const qr = new Map<string, string>();
  for (const table of round.tables) {
    qr.set(
      table.id,
      await qrSvg(`${p.origin}/t/${table.id}`, { type: "svg", margin: 0, errorCorrectionLevel: "M" }),
    );
  }
  return { ctx, session, event, round, qr };
}

pagesRouter.get(
  "/s/:sessionId/print/sheets",
  page(async (c, p) => {
    const { session, event, round, qr } = await printedRound(c, p);
    const paper = c.req.query("paper");
    return sendPage(
      c,
      <PrintSheetsPage
        p={p}
        data={{
          event,
          session,
          round,
          qr,
          perPage: c.req.query("perPage") === "2" ? 2 : 1,
          paper: paper === "a4" || paper === "letter" ? paper : null,
        }}
      />,
      isPrivate(event),
    );
  }),
);

// One slip per seat with that player's code, for staff who enter these tables' results: the
// code is a credential of one player, handed to them alone (docs/rules.md#results).
pagesRouter.get(
  "/s/:sessionId/print/slips",
  page(async (c, p) => {
    const { ctx, session, event, round, qr } = await printedRound(c, p);
    const tables = await getTables(
      ctx,
      round.tables.map((t) => t.id),
      { codes: true },
    );
    const codes = new Map<string, string>();
    for (const table of tables.values()) {
      if (table instanceof Error) continue;
      for (const seat of table.seats)
        if (seat.confirmationCode) codes.set(`${table.id}:${seat.player.id}`, seat.confirmationCode);
    }
    const seatCount = round.tables.reduce((n, t) => n + t.seats.length, 0);
    if (seatCount > 0 && codes.size < seatCount)
      return sendPage(c, <SlipsRefusedPage p={p} />, { private: true, status: 403 });
    // Codes are a credential: never kept by a shared cache.
    return sendPage(c, <PrintSlipsPage p={p} data={{ event, session, round, qr, codes }} />, {
      private: true,
    });
  }),
);

/** The table page, with the refusal of a player's form when there was one. */
async function tablePage(c: Context<AppEnv>, p: PageContext, refusal?: Refusal) {
  const ctx = serviceContext(c);
  const table = await getTable(ctx, c.req.param("tableId")!);
  const [event, round, session] = await Promise.all([
    getEvent(ctx, table.eventId),
    getRound(ctx, table.roundId),
    table.sessionId ? getSession(ctx, table.sessionId) : null,
  ]);
  const recorded = c.req.query("recorded");
  return sendPage(
    c,
    <TablePage
      p={p}
      data={{
        table,
        event,
        sessionName: session?.name ?? null,
        roundNumber: round.number,
        refusal,
        recorded:
          !refusal && (recorded === "confirmation" || recorded === "dispute")
            ? { what: recorded, playerId: c.req.query("player") ?? "" }
            : undefined,
      }}
    />,
    { ...isPrivate(event), status: refusal?.status ?? 200, headers: refusal?.headers },
  );
}

pagesRouter.get(
  "/t/:tableId",
  page((c, p) => tablePage(c, p)),
);

// A player's confirmation or dispute from the table page: back to the page (303) when
// recorded, which then says so (the page checks it is, so a link cannot claim it).
for (const action of ["confirm", "dispute"] as const) {
  pagesRouter.post(
    `/t/:tableId/${action === "confirm" ? "confirmations" : "disputes"}`,
    page(async (c, p) => {
      const outcome = await playerFormAction(c, p, action);
      if ("refused" in outcome) return tablePage(c, p, outcome.refused);
      const done = new URLSearchParams({
        recorded: action === "confirm" ? "confirmation" : "dispute",
        player: outcome.recorded,
      });
      return c.redirect(p.link(`/t/${c.req.param("tableId")}?${done}`), 303);
    }),
  );
}
