/**
 * What `<calendar-events-view>` tells EventCalendar, decided from its attributes alone: the views, the labels
 * in each language, the feed's URL and how a feed item becomes a calendar event. No DOM here, so that it is
 * tested in Node (options.test.ts); the element (calendar-events-view.ts) only wires it to the page.
 */

/** The element's `view` attribute and the EventCalendar view it shows. */
export const VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek', list: 'listMonth' } as const;
export type ViewName = keyof typeof VIEWS;

export type Language = 'en' | 'de';

/** The texts the calendar shows around the events, per language (EventCalendar's own are English only). */
export const LABELS: Record<
  Language,
  {
    today: string;
    month: string;
    week: string;
    list: string;
    previous: string;
    next: string;
    close: string;
    allDay: string;
    noEvents: string;
    loadFailed: string;
    calendar: string;
  }
> = {
  en: {
    today: 'Today',
    month: 'Month',
    week: 'Week',
    list: 'List',
    previous: 'Previous',
    next: 'Next',
    close: 'Close',
    allDay: 'All day',
    noEvents: 'No events',
    loadFailed: 'The events could not be loaded.',
    calendar: 'Calendar of events',
  },
  de: {
    today: 'Heute',
    month: 'Monat',
    week: 'Woche',
    list: 'Liste',
    previous: 'Zurück',
    next: 'Weiter',
    close: 'Schließen',
    allDay: 'Ganztägig',
    noEvents: 'Keine Veranstaltungen',
    loadFailed: 'Die Veranstaltungen konnten nicht geladen werden.',
    calendar: 'Veranstaltungskalender',
  },
};

export function languageOf(attribute: string | null): Language {
  return attribute?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function viewOf(attribute: string | null): ViewName {
  return attribute !== null && attribute in VIEWS ? (attribute as ViewName) : 'month';
}

/** The widget feed of a service whose API root (`…/calendar/events/v1`) is `src`, relative to the page. */
export function feedUrl(src: string, base: string): URL {
  const root = new URL(src, base);
  root.pathname = `${root.pathname.replace(/\/+$/, '')}/events/calendar`;
  return root;
}

/** One item of the widget feed (`GET {ns}/events/calendar`), as the service answers it. */
export interface FeedEvent {
  id: string | number;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  url?: string;
  groupId?: string | number;
  extendedProps?: {
    venue?: string | { venue?: string; name?: string; city?: string } | null;
    categories?: unknown;
    excerpt?: string;
    cost?: string;
  };
}

/** What the element shows of an event besides its title and time; kept on the calendar event. */
export interface ShownDetails {
  url: string | undefined;
  venue: string | undefined;
}

/** The venue's name, whether the feed gives it as a name or as the API's venue record. */
export function venueName(venue: NonNullable<FeedEvent['extendedProps']>['venue']): string | undefined {
  if (!venue) return undefined;
  if (typeof venue === 'string') return venue || undefined;
  return venue.venue || venue.name || undefined;
}

/** An http(s) link only: a feed must not turn an event into a `javascript:` link. */
export function safeLink(url: string | undefined, base: string): string | undefined {
  if (!url || !URL.canParse(url, base)) return undefined;
  const parsed = new URL(url, base);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
}

/** A feed item as EventCalendar's event input, its link and venue under `extendedProps` (EventCalendar keeps no `url`). */
export function toCalendarEvent(item: FeedEvent, base: string) {
  const details: ShownDetails = {
    url: safeLink(item.url, base),
    venue: venueName(item.extendedProps?.venue),
  };
  return {
    id: String(item.id),
    title: item.title,
    start: item.start,
    end: item.end,
    allDay: item.allDay,
    extendedProps: { ...item.extendedProps, ...details },
  };
}

/** The feed's answer must be an array of events; anything else is an error the element shows. */
export function parseFeed(body: unknown, base: string) {
  if (!Array.isArray(body)) throw new Error('the widget feed did not answer an array');
  return (body as FeedEvent[]).map((item) => toCalendarEvent(item, base));
}

/** The query EventCalendar's range becomes: local times without an offset, read by the feed in `timeZone`. */
export function feedQuery(range: { startStr: string; endStr: string }, timeZone: string): URLSearchParams {
  return new URLSearchParams({ start: range.startStr, end: range.endStr, timeZone });
}
