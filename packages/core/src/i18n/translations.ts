/**
 * Translatable text with field-by-field fallback to the default language (SPEC §7): a German read of a
 * record without a German description shows the English one.
 */
export function pickTranslation<F extends string>(
  rows: ReadonlyArray<{ language: string } & { [K in F]: string | null }>,
  language: string,
  defaultLanguage: string,
  fields: readonly F[],
): Record<F, string> {
  const wanted = rows.find((r) => r.language === language);
  const fallback = rows.find((r) => r.language === defaultLanguage);
  const out = {} as Record<F, string>;
  for (const field of fields) {
    const own = wanted?.[field];
    out[field] = (own !== null && own !== undefined ? own : fallback?.[field]) ?? '';
  }
  return out;
}

/** The languages whose rows a read needs: the request's and the default. */
export function languagesFor(language: string, defaultLanguage: string): string[] {
  return language === defaultLanguage ? [language] : [language, defaultLanguage];
}
