import type { TableDto } from "../../services/tables";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";

export interface TablePageData {
  table: TableDto;
  event: { id: string; name: string; timezone: string | null };
  sessionName: string | null;
  roundNumber: number;
}

export function roundLabel(p: PageContext, kind: string, number: number): string {
  if (kind === "semifinal") return p.t.semifinal;
  if (kind === "final") return p.t.final;
  return p.t.game(number);
}

/** `/t/{tableId}`: the table's seats in turn order, its result and the result's status. */
export function TablePage({ p, data }: { p: PageContext; data: TablePageData }) {
  const { table, event } = data;
  const t = p.t;
  const result = table.result;
  const status = result?.status ?? "none";
  const title = `${t.table(table.number)} · ${roundLabel(p, table.kind, data.roundNumber)}`;
  return (
    <Layout p={p} title={`${title} · ${event.name}`}>
      <main>
        <p>
          <a href={p.link(`/e/${event.id}`)}>{event.name}</a>
          {data.sessionName ? ` · ${data.sessionName}` : ""}
        </p>
        <h1>{title}</h1>
        <p>
          {t.result}: <span class={`badge ${status}`}>{t.status[status]}</span>
          {result ? <span class="muted"> · {p.dateTime(result.updatedAt, event.timezone)}</span> : null}
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col" class="num">
                {t.turnOrder}
              </th>
              <th scope="col">{t.player}</th>
              <th scope="col" class="num">
                <abbr title={t.vpLong}>{t.vp}</abbr>
              </th>
              <th scope="col" class="num">
                {t.placement}
              </th>
              <th scope="col">{t.result}</th>
            </tr>
          </thead>
          <tbody>
            {table.seats.map((seat) => (
              <tr>
                <td class="num">{seat.position}</td>
                <th scope="row" class="rh">
                  {seat.player.name}
                  {result?.winnerId === seat.player.id ? ` · ${t.winner}` : ""}
                </th>
                <td class="num">{seat.vp ?? ""}</td>
                <td class="num">{seat.placement ?? ""}</td>
                <td>
                  {seat.disqualified ? t.disqualified : ""}
                  {!seat.disqualified && result?.status === "pending" && seat.confirmed ? t.confirmed : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {result?.status === "pending" && result.awaitingConfirmation.length > 0 ? (
          <p>
            {t.awaiting}:{" "}
            {table.seats
              .filter((s) => result.awaitingConfirmation.includes(s.player.id))
              .map((s) => s.player.name)
              .join(", ")}
          </p>
        ) : null}
      </main>
    </Layout>
  );
}
