/**
 * Descriptions in English and German for the response schemas. A zod schema's metadata is fixed once the
 * schema is built (and component ids may be registered only once), so each schema carries both texts:
 * `description` holds the English one, for plain `z.toJSONSchema` users, and `x-localized-description` both.
 * zod copies every metadata key into the JSON Schema it renders; `localizeDocument` then keeps the text of
 * the request's language (SPEC §7, §11) and drops the extension key, so the served document has plain
 * `description`s only.
 */
import type { Descriptions } from '../route-table/params.js';

export const LOCALIZED_DESCRIPTION = 'x-localized-description';

export type DocumentLanguage = keyof Descriptions;

/** The texts' language for a request language: German for `de`, English otherwise. */
export function documentLanguage(language: string): DocumentLanguage {
  return language === 'de' ? 'de' : 'en';
}

export function pick(texts: Descriptions, language: string): string {
  return texts[documentLanguage(language)];
}

/** Metadata for `.meta()`: a description in both languages. */
export function describe(
  en: string,
  de: string,
): { description: string; [LOCALIZED_DESCRIPTION]: Descriptions } {
  return { description: en, [LOCALIZED_DESCRIPTION]: { en, de } };
}

function isDescriptions(value: unknown): value is Descriptions {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Descriptions).en === 'string' &&
    typeof (value as Descriptions).de === 'string'
  );
}

/** Replaces, in place, every two-language description of a rendered document with the one of `language`. */
export function localizeDocument<T>(document: T, language: string): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const texts = record[LOCALIZED_DESCRIPTION];
    if (isDescriptions(texts)) {
      record.description = pick(texts, language);
      delete record[LOCALIZED_DESCRIPTION];
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(document);
  return document;
}
