/** Keeps, in a rendered document, the description of the request's language (see i18n/descriptions.ts). */
import { type Descriptions, LOCALIZED_DESCRIPTION, pick } from '../i18n/descriptions.js';

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

function isDescriptions(value: unknown): value is Descriptions {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Descriptions).en === 'string' &&
    typeof (value as Descriptions).de === 'string'
  );
}
