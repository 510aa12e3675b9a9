import type { PublicEventSummary } from "../../services/events";
import { Layout } from "./layout";
import type { PageContext } from "./page-context";

/** `/`: what this server is, where the API docs are, and its public events. */
export function HomePage({ p, events }: { p: PageContext; events: readonly PublicEventSummary[] }) {
  const t = p.t;
  return (
    <Layout p={p} title={t.siteTitle}>
      <main>
        <h1>{t.siteTitle}</h1>
        <p>{t.homeIntro}</p>
        <ul>
          <li>
            <a href="/docs">{t.apiDocs}</a>
          </li>
          <li>
            <a href="/openapi.json">{t.openapi}</a>
          </li>
        </ul>
        <h2>{t.publicEvents}</h2>
        {events.length === 0 ? (
          <p>{t.noPublicEvents}</p>
        ) : (
          <ul>
            {events.map((e) => (
              <li>
                <a href={p.link(`/e/${e.id}`)}>{e.name}</a>
                {e.startsOn ? ` · ${p.date(e.startsOn)}` : ""}
                {e.venue ? ` · ${e.venue}` : ""}
              </li>
            ))}
          </ul>
        )}
      </main>
    </Layout>
  );
}
