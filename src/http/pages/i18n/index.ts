/** The pages' languages: those of the rule documents. `?lang=` wins, then Accept-Language, then English. */
import { en } from "./en";
import { fr } from "./fr";
import { lt } from "./lt";

export const LANGUAGES = { en, fr, lt } as const;
export type Lang = keyof typeof LANGUAGES;

const isLang = (value: string | undefined): value is Lang =>
  value !== undefined && Object.hasOwn(LANGUAGES, value);

/** The best supported language of an Accept-Language header (q-values honoured, `fr-CA` → fr). */
function negotiateLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => isLang(entry.lang))?.lang as Lang | undefined;
}

export function chooseLanguage(query: string | undefined, acceptLanguage: string | undefined) {
  const explicit = isLang(query) ? query : undefined;
  const lang: Lang = explicit ?? negotiateLanguage(acceptLanguage) ?? "en";
  return { lang, explicit: explicit !== undefined, t: LANGUAGES[lang] };
}
