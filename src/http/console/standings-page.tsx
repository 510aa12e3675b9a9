import { getEvent, getSession } from "../../services/events";
import { getSessionStandings } from "../../services/standings";
import { serviceContext } from "../context";
import { StandingsTable } from "../pages/standings-table";
import { SessionTabs, sessionTrail } from "./components";
import { assertConsoleReach, assertNotScorer } from "./context";
import { ConsoleLayout } from "./layout";
import { type Render, sendHtml } from "./page";

export const renderStandings: Render = async (c, cx, state) => {
  const ctx = serviceContext(c);
  const sessionId = c.req.param("sessionId")!;
  const session = await getSession(ctx, sessionId);
  assertConsoleReach(cx, { eventId: session.eventId, sessionId });
  assertNotScorer(cx);
  const [event, standings] = await Promise.all([
    getEvent(ctx, session.eventId),
    getSessionStandings(ctx, sessionId),
  ]);
  const { m, p } = cx;
  const names = new Map(standings.rows.map((r) => [r.player.id, r.player.name]));
  const view = (
    <ConsoleLayout
      cx={cx}
      title={session.name}
      trail={sessionTrail(cx, event)}
      refusal={state.refusal}
      done={state.done}
    >
      <SessionTabs cx={cx} session={session} current="standings" />
      <h2>{m.sessionStandings}</h2>
      {standings.rows.length === 0 ? (
        <p>{p.t.noResults}</p>
      ) : (
        <StandingsTable p={p} caption={m.standingsCaption(standings.playerCount)} rows={standings.rows} />
      )}
      {standings.noShows.length > 0 ? (
        <p>
          {m.noShows}
          {m.colon} {standings.noShows.map((n) => n.name).join(", ")}
        </p>
      ) : null}
      {standings.disqualified.length > 0 ? (
        <p>
          {p.t.disqualified}
          {m.colon} {standings.disqualified.map((d) => names.get(d.player.id) ?? d.player.name).join(", ")}
        </p>
      ) : null}
      {cx.device?.limit?.sessionId ? null : (
        <p>
          <a href={p.link(`/console/e/${event.id}`)}>{m.qualificationLink(event.name)}</a>
        </p>
      )}
    </ConsoleLayout>
  );
  return sendHtml(c, view, state.status);
};
