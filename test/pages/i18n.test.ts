/**
 * The pages' three languages: every message exists in each (nested maps included, which the
 * type does not check), and French sets a non-breaking space (U+00A0 or the narrow U+202F)
 * before every `:`, `;`, `?` and `!` it shows.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/http/pages/i18n";

type Tree = Record<string, unknown>;

/** Every message as `path → shape`: "text", "function/2", "list/3" or a nested map's paths. */
function shapes(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === "function") out.set(path, `function/${value.length}`);
    else if (Array.isArray(value)) out.set(path, `list/${value.length}`);
    else if (value && typeof value === "object")
      for (const [p, s] of shapes(value as Tree, `${path}.`)) out.set(p, s);
    else out.set(path, typeof value);
  }
  return out;
}

/** Arguments of the messages that take text; the others take counts. */
const TEXT_ARGS: Record<string, unknown[]> = {
  seatingTitle: ["Qualifier Kaunas"],
  loopbackWarning: ["http://localhost:8787"],
  confirmationRecorded: ["Rūta Kazlauskienė"],
  disputeRecorded: ["Rūta Kazlauskienė"],
};
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 16, 21, 22, 101];

/** Every text a language shows, functions called with counts that take each plural form. */
function texts(tree: Tree): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) out.push(...value.filter((v): v is string => typeof v === "string"));
    else if (typeof value === "function") {
      const calls = TEXT_ARGS[key] ? [TEXT_ARGS[key]] : COUNTS.map((n) => [n, n + 1]);
      for (const args of calls) out.push(String(value(...args)));
    } else if (value && typeof value === "object") out.push(...texts(value as Tree));
  }
  return out;
}

describe("page messages", () => {
  it("exist in English, French and Lithuanian alike, nested maps and lists included", () => {
    const en = [...shapes(LANGUAGES.en)].sort();
    expect([...shapes(LANGUAGES.fr)].sort()).toEqual(en);
    expect([...shapes(LANGUAGES.lt)].sort()).toEqual(en);
  });

  it("put a non-breaking space before every : ; ? and ! in French", () => {
    const wrong = texts(LANGUAGES.fr)
      // An address is not prose: its `:` is part of it.
      .map((text) => text.replace(/\b\w+:\/\/\S+/g, "URL"))
      .filter((text) => /(^|[^\u00A0\u202F])[:;?!]/u.test(text));
    expect(wrong).toEqual([]);
  });

  it("say 0 and 1 in the French singular and count with plural rules", () => {
    const fr = LANGUAGES.fr;
    expect(fr.waitingForResults(0, 4)).toBe("0 table terminée sur 4");
    expect(fr.waitingForResults(1, 4)).toBe("1 table terminée sur 4");
    expect(fr.waitingForResults(2, 4)).toBe("2 tables terminées sur 4");
    expect(LANGUAGES.en.waitingForResults(1, 1)).toBe("1 of 1 table final");
    expect(LANGUAGES.en.place(2)).toBe("2nd place");
    expect(LANGUAGES.en.place(3)).toBe("3rd place");
    expect(LANGUAGES.en.place(4)).toBe("4th place");
    expect(fr.place(1)).toBe("1re place");
    expect(fr.place(2)).toBe("2e place");
  });

  it("use the French organisers' and the rules' terms", () => {
    const fr = LANGUAGES.fr;
    expect(fr.vpPct).toBe("% PV");
    expect(fr.uniqueParticipants).toBe("Joueurs distincts");
    expect(fr.gamesSeated).toBe("Tables constituées");
    expect(fr.seating).toBe("Plan de table");
    expect(fr.session).toBe("Session qualificative");
    expect(fr.decided.placement).toBe("devant grâce à sa place à la table");
    expect(fr.sheetRules[1]).toMatch(/^Notez les PV obtenus par chaque joueur/);
    expect(LANGUAGES.lt.vpPct).not.toBe("VP%");
  });
});
