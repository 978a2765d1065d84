/**
 * Writing translatable text (SPEC §7), for posts (`post_texts`) and terms (`term_texts`) alike: the sent fields
 * are stored in the request's language and the other languages are left alone; a record's first write in
 * another language also fills the default language when it has no row yet, so that every record has a text to
 * fall back on.
 */
import type { Db } from '../db/database.js';
import { languagesFor } from '../i18n/translations.js';

/** Each table of texts: the column naming its record, and its text columns. */
const TEXT_TABLES = {
  post_texts: { owner: 'post_id', fields: ['title', 'description', 'excerpt'] },
  term_texts: { owner: 'term_id', fields: ['name', 'description'] },
} as const;

export type TextTable = keyof typeof TEXT_TABLES;

/** A row of a table of texts: the record, its language, and the text columns (null where never written). */
export type TextRow = { language: string } & Record<string, string | number | null>;

/**
 * Writes the sent fields of record `id` in `language` (and the default language, see above). Returns the rows
 * of the languages written, as they now are; `fresh` says the record is new and has no texts to read first.
 */
export async function writeTranslatedTexts(
  db: Db,
  table: TextTable,
  id: number,
  language: string,
  defaultLanguage: string,
  sent: Readonly<Partial<Record<(typeof TEXT_TABLES)[TextTable]['fields'][number], string>>>,
  fresh = false,
): Promise<TextRow[]> {
  const { owner, fields } = TEXT_TABLES[table];
  // Kysely types one table at a time; both tables share this shape.
  const texts = table as 'post_texts';
  const ownerColumn = owner as 'post_id';
  const existing: TextRow[] = fresh
    ? []
    : await db
        .selectFrom(texts)
        .selectAll()
        .where(ownerColumn, '=', id)
        .where('language', 'in', languagesFor(language, defaultLanguage))
        .execute();
  const targets = [language];
  if (language !== defaultLanguage && !existing.some((r) => r.language === defaultLanguage))
    targets.push(defaultLanguage);
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = (sent as Partial<Record<string, string>>)[field];
    if (value !== undefined) values[field] = value;
  }
  const written: TextRow[] = [];
  for (const target of targets) {
    const row = existing.find((r) => r.language === target);
    if (row) {
      if (Object.keys(values).length > 0)
        await db
          .updateTable(texts)
          .set(values)
          .where(ownerColumn, '=', id)
          .where('language', '=', target)
          .execute();
      written.push({ ...row, ...values });
    } else {
      const inserted: TextRow = { [owner]: id, language: target };
      for (const field of fields) inserted[field] = null;
      Object.assign(inserted, values);
      await db
        .insertInto(texts)
        .values(inserted as never)
        .execute();
      written.push(inserted);
    }
  }
  return written;
}
