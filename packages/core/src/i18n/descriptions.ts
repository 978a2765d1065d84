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

export interface Descriptions {
  en: string;
  de: string;
}

export const texts = (en: string, de: string): Descriptions => ({ en, de });
