/**
 * `<calendar-events-view src="https://host/calendar/events/v1" view="month|week|list" locale="en|de"
 * theme="auto|light|dark">`: a calendar of a Calendar Events service, built on EventCalendar (month, week and
 * list views). It reads the service's widget feed (`{src}/events/calendar`) for the range shown. Each event is a
 * link to its page (title, time, venue), so Tab reaches every event and Enter opens it; the view buttons are
 * plain buttons. The calendar lives in the element's light DOM, so the page's fonts apply; its stylesheet is
 * added to the document once.
 */
import { createCalendar, DayGrid, destroyCalendar, List, TimeGrid } from '@event-calendar/core';
import calendarStyles from '@event-calendar/core/index.css';
import {
  feedQuery,
  feedUrl,
  LABELS,
  type Language,
  languageOf,
  parseFeed,
  type ShownDetails,
  VIEWS,
  viewOf,
} from './options.js';

type Calendar = ReturnType<typeof createCalendar>;

/** Our additions to EventCalendar's styles: the event as one link, its details, the themes. */
const OWN_STYLES = `
calendar-events-view { display: block; }
calendar-events-view .ec a.cev-event { display: block; color: inherit; text-decoration: none; overflow: hidden; }
calendar-events-view .ec a.cev-event:hover .cev-title { text-decoration: underline; }
calendar-events-view .ec a.cev-event:focus-visible { outline: 2px solid currentColor; outline-offset: 1px; }
calendar-events-view .ec .cev-time { font-variant-numeric: tabular-nums; margin-inline-end: .35em; }
calendar-events-view .ec .cev-title { font-weight: 600; }
calendar-events-view .ec .cev-venue { display: block; font-size: .85em; opacity: .85; }
calendar-events-view .ec .ec-list a.cev-event { color: inherit; }
calendar-events-view .ec button:focus-visible { outline: 2px solid currentColor; outline-offset: 2px; }
calendar-events-view[theme="dark"] { color-scheme: dark; color: #eee; background: #1e1e1e; }
calendar-events-view[theme="light"] { color-scheme: light; color: #222; background: #fff; }
@media (prefers-color-scheme: dark) {
  calendar-events-view:not([theme="light"]) { color-scheme: dark; color: #eee; background: #1e1e1e; }
}
calendar-events-view .cev-error { color: #b00020; }
calendar-events-view[theme="dark"] .cev-error { color: #ff8a80; }
`;

let stylesAdded = false;
function addStyles(document: Document): void {
  if (stylesAdded) return;
  stylesAdded = true;
  const style = document.createElement('style');
  style.dataset.calendarEventsView = '';
  style.textContent = `${calendarStyles}\n${OWN_STYLES}`;
  document.head.append(style);
}

/** The event's title, time and venue, as one link to its page when it has one. */
function eventContent(
  info: {
    event: { title: string; allDay: boolean; extendedProps: Record<string, unknown> };
    timeText: string;
  },
  document: Document,
) {
  const { url, venue } = info.event.extendedProps as unknown as ShownDetails;
  const container = document.createElement(url ? 'a' : 'span');
  container.className = 'cev-event';
  if (url) (container as HTMLAnchorElement).href = url;
  // EventCalendar writes midnight for an all-day event in the month view; it has no time to show.
  if (info.timeText && !info.event.allDay) {
    const time = document.createElement('span');
    time.className = 'cev-time';
    time.textContent = info.timeText;
    container.append(time);
  }
  const title = document.createElement('span');
  title.className = 'cev-title';
  title.textContent = info.event.title;
  container.append(title);
  if (venue) {
    const place = document.createElement('span');
    place.className = 'cev-venue';
    place.textContent = venue;
    container.append(place);
  }
  return { domNodes: [container] };
}

/** EventCalendar's dark colours apply under `ec-dark` (always) or `ec-auto-dark` (when the system prefers dark). */
function themeClass(theme: string | null): string {
  return theme === 'dark' ? 'ec-dark' : theme === 'light' ? '' : 'ec-auto-dark';
}

function buttonTexts(language: Language) {
  const labels = LABELS[language];
  return (defaults: Record<string, string>) => ({
    ...defaults,
    today: labels.today,
    dayGridMonth: labels.month,
    timeGridWeek: labels.week,
    listMonth: labels.list,
    prev: labels.previous,
    next: labels.next,
    close: labels.close,
  });
}

export class CalendarEventsView extends HTMLElement {
  static observedAttributes = ['src', 'view', 'locale', 'theme', 'time-zone'];

  #calendar: Calendar | undefined;
  #error: HTMLElement | undefined;
  #target: HTMLElement | undefined;

  connectedCallback(): void {
    this.#render();
  }

  disconnectedCallback(): void {
    this.#destroy();
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value || !this.isConnected) return;
    if (name === 'view' && this.#calendar) {
      this.#calendar.setOption('view', VIEWS[viewOf(value)]);
      return;
    }
    // A theme is a class on the calendar's parent: the calendar keeps its view and date.
    if (name === 'theme' && this.#target) {
      this.#target.className = themeClass(value);
      return;
    }
    this.#render();
  }

  /** Shows the events again (after the service changed them). */
  refetchEvents(): void {
    this.#calendar?.refetchEvents();
  }

  #destroy(): void {
    if (this.#calendar) void destroyCalendar(this.#calendar);
    this.#calendar = undefined;
    this.#target = undefined;
    this.replaceChildren();
  }

  #render(): void {
    this.#destroy();
    const document = this.ownerDocument;
    addStyles(document);
    const language = languageOf(this.getAttribute('locale') ?? document.documentElement.lang);
    const labels = LABELS[language];
    const src = this.getAttribute('src');
    this.#error = document.createElement('p');
    this.#error.className = 'cev-error';
    this.#error.setAttribute('role', 'alert');
    this.#error.hidden = true;
    const target = document.createElement('div');
    target.className = themeClass(this.getAttribute('theme'));
    this.#target = target;
    target.setAttribute('role', 'region');
    target.setAttribute('aria-label', labels.calendar);
    this.append(this.#error, target);
    if (!src) {
      this.#showError(`${labels.loadFailed} (src)`);
      return;
    }
    const timeZone =
      this.getAttribute('time-zone') || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const feed = feedUrl(src, document.baseURI);
    const buttonText = buttonTexts(language);
    this.#calendar = createCalendar(target, [DayGrid, TimeGrid, List], {
      view: VIEWS[viewOf(this.getAttribute('view'))],
      locale: language,
      firstDay: language === 'de' ? 1 : 0,
      headerToolbar: {
        start: 'prev,next today',
        center: 'title',
        end: 'dayGridMonth,timeGridWeek,listMonth',
      },
      views: {
        dayGridMonth: { buttonText },
        timeGridWeek: { buttonText },
        listMonth: { buttonText },
      },
      buttonText: buttonText({}),
      allDayContent: labels.allDay,
      noEventsContent: labels.noEvents,
      eventContent: (info: Parameters<typeof eventContent>[0]) => eventContent(info, document),
      eventSources: [
        {
          events: async (range: { startStr: string; endStr: string }) => {
            const url = new URL(feed);
            url.search = feedQuery(range, timeZone).toString();
            try {
              const response = await fetch(url, { headers: { accept: 'application/json' } });
              if (!response.ok) throw new Error(`HTTP ${response.status}`);
              const events = parseFeed(await response.json(), document.baseURI);
              this.#showError(undefined);
              return events;
            } catch (error) {
              this.#showError(labels.loadFailed);
              this.dispatchEvent(new CustomEvent('calendar-events-error', { detail: error, bubbles: true }));
              return [];
            }
          },
        },
      ],
      datesSet: () => this.dispatchEvent(new CustomEvent('calendar-events-dates-set', { bubbles: true })),
    } as Parameters<typeof createCalendar>[2]);
  }

  #showError(message: string | undefined): void {
    if (!this.#error) return;
    this.#error.hidden = message === undefined;
    this.#error.textContent = message ?? '';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'calendar-events-view': CalendarEventsView;
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('calendar-events-view')) {
  customElements.define('calendar-events-view', CalendarEventsView);
}
