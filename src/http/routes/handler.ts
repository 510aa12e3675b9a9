import type { Context } from "hono";
import { loadSessionScope } from "../../services/events";
import type { Page } from "../../services/pagination";
import { type AppEnv, serviceContext } from "../context";
import type { CsvLang } from "../csv/format";
import { type CsvFile, sendCsv } from "../csv/variant";
import { bodyEtag, signedIn } from "../middleware/etag";
import { withPageLink } from "../pagination";

/** A page of a list, answered 200 with its `Link: <…>; rel="next"` while there is a next page. */
export const jsonPage = <P extends Page<unknown>>(c: Context<AppEnv>, page: P) =>
  c.json(withPageLink(c, page), 200);

/** An info line of the request's log, led by the request's id. */
export const logInfo = (c: Context<AppEnv>, message: string, fields: Record<string, unknown>) =>
  c.get("logger").info(message, { requestId: c.get("requestId"), ...fields });

/**
 * A session's CSV (its roster, its seating). The rows have no version of their own: the JSON
 * tag is hashed from them (as every JSON read's is), and the CSV's tag is derived from that one.
 */
export async function sendSessionCsv<T>(
  c: Context<AppEnv>,
  sessionId: string,
  lang: CsvLang,
  kind: CsvFile["kind"],
  rows: T,
  build: (rows: T, lang: CsvLang) => string,
) {
  const { event, session } = await loadSessionScope(serviceContext(c), sessionId);
  return sendCsv(c, lang, {
    jsonTag: await bodyEtag(JSON.stringify(rows)),
    // As the JSON read of the same list: a signed-in reader's roster holds its external ids.
    private: event.visibility === "private" || signedIn(c),
    file: { name: event.name, session, timeZone: event.timezone, kind },
    build: () => build(rows, lang),
  });
}
