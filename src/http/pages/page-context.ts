import type { Context } from "hono";
import type { AppEnv } from "../context";
import { isTimeZone } from "../openapi/common-schemas";
import { publicOrigin } from "../origin";
import { chooseLanguage, type Lang } from "./i18n";

/** The IANA time zone, or UTC when there is none or Intl does not know it. */
export const validZone = (zone: string | null): string => (zone && isTimeZone(zone) ? zone : "UTC");

/** What every view needs: the language, links that keep it, and dates in the event's time zone. */
export type PageContext = ReturnType<typeof pageContext>;

export function pageContext(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const { lang, explicit, t } = chooseLanguage(
    url.searchParams.get("lang") ?? undefined,
    c.req.header("accept-language"),
  );
  const days = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" });
  const day = (value: string) => new Date(`${value}T00:00:00Z`);
  const withLang = (path: string, chosen: Lang) => {
    const target = new URL(path, url);
    target.searchParams.set("lang", chosen);
    return `${target.pathname}${target.search}`;
  };
  return {
    lang,
    t,
    /** `path` with `?lang=` kept when the reader chose the language in the URL. */
    link: (path: string) => (explicit ? withLang(path, lang) : path),
    /** The current URL with another language (for the language menu). */
    switchTo: (chosen: Lang) => withLang(`${url.pathname}${url.search}`, chosen),
    /** Absolute base URL for links printed on paper (QR codes). */
    origin: publicOrigin(c),
    /** A date-only value (YYYY-MM-DD) in words; it has no time, so no time zone moves it. */
    date: (value: string | null) => (value ? days.format(day(value)) : "—"),
    /** The days from `first` to `last` (YYYY-MM-DD) in words, as one date when they are the same. */
    dateRange: (first: string, last: string) =>
      first === last ? days.format(day(first)) : days.formatRange(day(first), day(last)),
    /** An instant in the given IANA time zone, with the zone named. */
    dateTime: (iso: string, timeZone: string | null) => {
      const zone = validZone(timeZone);
      const text = new Intl.DateTimeFormat(lang, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: zone,
      }).format(new Date(iso));
      return `${text} (${zone})`;
    },
    /** A BCP 47 tag as the reader's language names it (`fr` → "French", "prancūzų"). */
    languageName: (tag: string) => {
      try {
        return new Intl.DisplayNames(lang, { type: "language" }).of(tag) ?? tag;
      } catch {
        return tag;
      }
    },
    /** `label: value` with the language's colon (French spaces it), or `label:` alone. */
    labelled: (label: string, value?: string | number) =>
      value === undefined ? `${label}${t.colon}` : `${label}${t.colon} ${value}`,
  };
}
