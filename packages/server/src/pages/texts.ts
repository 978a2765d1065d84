/** The pages' own words, per address language (the records' texts come from the API in that language). */
export interface PageTexts {
  calendar: string;
  upcoming: string;
  noEvents: string;
  addToCalendar: string;
  when: string;
  where: string;
  organizers: string;
  categories: string;
  cost: string;
  website: string;
  allDay: string;
  notFoundTitle: string;
  notFoundText: string;
  backToCalendar: string;
  language: string;
  noScript: string;
  apiReference: string;
}

export const PAGE_TEXTS: Record<string, PageTexts> = {
  en: {
    calendar: 'Calendar',
    upcoming: 'Upcoming events',
    noEvents: 'No upcoming events.',
    addToCalendar: 'Add to calendar (.ics)',
    when: 'When',
    where: 'Where',
    organizers: 'Organizers',
    categories: 'Categories',
    cost: 'Cost',
    website: 'Website',
    allDay: 'all day',
    notFoundTitle: 'Page not found',
    notFoundText: 'There is nothing at this address, or it is not public.',
    backToCalendar: 'Back to the calendar',
    language: 'Language',
    noScript: 'The calendar needs JavaScript. The events are also in the iCalendar feed:',
    apiReference: 'API reference',
  },
  de: {
    calendar: 'Kalender',
    upcoming: 'Kommende Veranstaltungen',
    noEvents: 'Keine kommenden Veranstaltungen.',
    addToCalendar: 'Zum Kalender hinzufügen (.ics)',
    when: 'Wann',
    where: 'Wo',
    organizers: 'Veranstalter',
    categories: 'Kategorien',
    cost: 'Eintritt',
    website: 'Website',
    allDay: 'ganztägig',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Unter dieser Adresse gibt es nichts, oder es ist nicht öffentlich.',
    backToCalendar: 'Zurück zum Kalender',
    language: 'Sprache',
    noScript: 'Der Kalender braucht JavaScript. Die Veranstaltungen stehen auch im iCalendar-Feed:',
    apiReference: 'API-Referenz',
  },
};

export function textsFor(language: string): PageTexts {
  return PAGE_TEXTS[language] ?? PAGE_TEXTS.en!;
}
