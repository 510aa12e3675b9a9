import type { SessionDto } from "../../services/events";
import type { TableDto } from "../../services/tables";
import type { ConsoleContext } from "./context";

/** A table's state in one word, as the live view shows it. */
type TableState = "seated" | "entered" | "disputed" | "final";

function tableState(table: Pick<TableDto, "result">): TableState {
  const result = table.result;
  if (!result) return "seated";
  if (result.status === "final") return "final";
  return result.disputes.length > 0 ? "disputed" : "entered";
}

export function StateBadge({ cx, table }: { cx: ConsoleContext; table: TableDto }) {
  const state = tableState(table);
  const result = table.result;
  const confirmed = table.seats.filter((s) => s.confirmed).length;
  const extra =
    state === "entered" && result ? ` · ${cx.m.confirmedCount(confirmed, table.seats.length)}` : "";
  return (
    <span class={`state ${state}`} data-state={state}>
      {cx.m.states[state]}
      {extra}
    </span>
  );
}

/** The label of a round: game N, semifinal, final. */
export function roundName(cx: ConsoleContext, kind: string, number: number): string {
  if (kind === "semifinal") return cx.p.t.semifinal;
  if (kind === "final") return cx.p.t.final;
  return cx.p.t.game(number);
}

type SessionTab = "games" | "players" | "standings";

/** The tabs of a session's console: what the device's role may use. */
export function SessionTabs({
  cx,
  session,
  current,
}: {
  cx: ConsoleContext;
  session: SessionDto;
  current: SessionTab;
}) {
  const { m, p } = cx;
  const tabs: [SessionTab, string, string][] = [[`games`, m.tabs.games, `/console/s/${session.id}`]];
  if (cx.can("registrations:write"))
    tabs.push(["players", m.tabs.players, `/console/s/${session.id}/players`]);
  // A volunteer's phone (a reporter) enters sheets and sees its tables, nothing else.
  if (cx.device?.role !== "reporter") {
    tabs.push(["standings", m.tabs.standings, `/console/s/${session.id}/standings`]);
  }
  return (
    <nav class="tabs" aria-label={m.sessionMenu}>
      <ul>
        {tabs.map(([tab, label, href]) => (
          <li>
            <a href={p.link(href)} aria-current={tab === current ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where a session sits: the console's events, its event. */
export function sessionTrail(cx: ConsoleContext, event: { id: string; name: string }) {
  const trail = [] as { href: string; label: string }[];
  if (!cx.device?.limit) trail.push({ href: cx.p.link("/console"), label: cx.m.events });
  if (!cx.device?.limit?.sessionId)
    trail.push({ href: cx.p.link(`/console/e/${event.id}`), label: event.name });
  return trail;
}

/** A select of players, by name. */
export function PlayerSelect({
  id,
  name,
  players,
  label,
  selected,
}: {
  id: string;
  name: string;
  players: { id: string; name: string }[];
  label: string;
  selected?: string | undefined;
}) {
  return (
    <div>
      <label for={id}>{label}</label>
      <select id={id} name={name} required>
        {players.map((player) => (
          <option value={player.id} selected={player.id === selected}>
            {player.name}
          </option>
        ))}
      </select>
    </div>
  );
}
