/**
 * The CSV variant of a JSON read, as a branch of its handler: `?format=csv` or `Accept: text/csv`
 * asks for it, `?lang=` (else Accept-Language) picks its dialect (format.ts). The handler gives
 * the entity tag of the JSON it would send; the CSV's tag is derived from it (negotiated
 * variants need distinct tags, RFC 9110 §8.8.3), so `If-None-Match` is answered before the CSV
 * is built, and a built CSV is kept in the response cache under its own tag.
 */
import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { calendarDayIn } from "../../domain/local-time";
import type { AppEnv } from "../context";
import { type Deprecation, deprecationHeaders } from "../deprecation";
import { etagMatches, opaque, weakEtag } from "../middleware/etag";
import { chooseLanguage } from "../pages/i18n";
import { validZone } from "../pages/page-context";
import type { CsvLang } from "./format";

/**
 * `?format=csv` and `Accept: text/csv` on the JSON reads, replaced by the `….csv` operations:
 * they keep working for the notice docs/versioning.md promises.
 */
const CSV_NEGOTIATION_DEPRECATION: Deprecation = {
  since: new Date("2026-12-04T00:00:00Z"),
  sunset: new Date("2027-06-04T00:00:00Z"),
  link: "/docs#description/csv",
};

/** The dialect of a CSV: `?lang=`, else Accept-Language, else English, as the pages choose. */
export function csvDialect(c: Context<AppEnv>): CsvLang {
  return chooseLanguage(c.req.query("lang"), c.req.header("accept-language")).lang;
}

/**
 * The deprecated way to a CSV: `?format=csv` or `Accept: text/csv` on a JSON read. The dialect
 * asked for, or null when the request wants JSON. The answer carries the deprecation headers:
 * the CSV has its own operation (`….csv`), so the JSON one's type is the JSON alone.
 */
export function csvRequested(c: Context<AppEnv>): CsvLang | null {
  const format = c.req.query("format");
  const accept = c.req.header("accept");
  const csv = format
    ? format === "csv"
    : accept !== undefined &&
      accepts(c, {
        header: "Accept",
        supports: ["application/json", "text/csv"],
        default: "application/json",
      }) === "text/csv";
  if (!csv) return null;
  for (const [name, value] of Object.entries(deprecationHeaders(CSV_NEGOTIATION_DEPRECATION))) {
    c.header(name, value, { append: name === "link" });
  }
  return csvDialect(c);
}

/** What a download is called: its owner (an event, a series), the session when there is one, what it holds, the day. */
export interface CsvFile {
  name: string;
  session?: { name: string } | null;
  /** The day in the file's name is the day there (UTC when null or unknown). */
  timeZone: string | null;
  kind: keyof typeof FILE_WORDS;
}

const FILE_WORDS = {
  sessionStandings: { en: "standings", fr: "classement", lt: "reitingas" },
  qualification: { en: "qualification", fr: "qualification", lt: "atranka" },
  eventStandings: { en: "standings", fr: "classement-final", lt: "galutinis-reitingas" },
  seating: { en: "seating", fr: "plan-de-table", lt: "sėdimos-vietos" },
  roster: { en: "roster", fr: "joueurs", lt: "dalyviai" },
  seriesStandings: { en: "series-standings", fr: "classement-du-circuit", lt: "serijos-reitingas" },
  ratings: { en: "ratings", fr: "classement-elo", lt: "reitingai" },
} satisfies Record<string, Record<CsvLang, string>>;

/** Lower case, every run of anything but letters and digits one `-`; `ascii` also drops accents. */
function slug(text: string, ascii: boolean): string {
  const base = ascii ? text.normalize("NFKD").replace(/\p{M}/gu, "") : text.normalize("NFC");
  const letters = ascii ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu;
  return base
    .toLowerCase()
    .replace(letters, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII name for old clients and
 * the event's own spelling for the rest (RFC 8187 encoding).
 */
function contentDisposition(file: CsvFile, lang: CsvLang, now: Date): string {
  const parts = [file.name, file.session?.name ?? "", FILE_WORDS[file.kind][lang]];
  const day = calendarDayIn(now, validZone(file.timeZone));
  const name = (ascii: boolean) => [...parts.map((p) => slug(p, ascii)).filter(Boolean), day].join("-");
  return `attachment; filename="${name(true)}.csv"; filename*=UTF-8''${encodeURIComponent(name(false))}.csv`;
}

const utf8 = new TextEncoder();

/**
 * Answers the CSV variant: 304 when `If-None-Match` holds its tag, else the CSV (from the
 * response cache, or built by `build` once). Authorisation ran before: the caller loaded the
 * scope that gave `jsonTag`.
 */
export async function sendCsv(
  c: Context<AppEnv>,
  lang: CsvLang,
  options: { jsonTag: string; private: boolean; file: CsvFile; build: () => Promise<string> | string },
): Promise<Response> {
  // `W/"x"` → `W/"x:csv"` (English) or `W/"x:csv:fr"`.
  const etag = weakEtag(opaque(options.jsonTag), "csv", ...(lang === "en" ? [] : [lang]));
  const headers: Record<string, string> = {
    ETag: etag,
    "Cache-Control": options.private ? "private, no-cache" : "no-cache",
    Vary: "Accept, Accept-Language",
  };
  if (etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  const body = await c.get("responseCache").getOrBuild(etag, async () => utf8.encode(await options.build()));
  return c.body(body, 200, {
    ...headers,
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": contentDisposition(options.file, lang, c.get("clock")()),
  });
}
