/** Picks the form of a word for a count by the language's plural rules (CLDR, through Intl.PluralRules). */
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export function plural(
  lang: string,
  n: number,
  forms: Forms,
  type: Intl.PluralRuleType = "cardinal",
): string {
  return forms[new Intl.PluralRules(lang, { type }).select(n)] ?? forms.other;
}
