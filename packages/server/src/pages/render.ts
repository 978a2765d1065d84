/**
 * The pages' HTML: one layout (language links, Open Graph tags, the stylesheet) around the calendar, an event,
 * a venue, an organizer, a category, or the 404 page. Everything from the API is escaped by `html`, except the
 * event and record descriptions, which the service sanitized when they were written (they are its HTML).
 */
import { Html, html, plainText, scriptJson } from './html.js';
import type { EventRecord, OrganizerRecord, TermRecord, VenueRecord } from './read-api.js';
import { type PageTexts, textsFor } from './texts.js';

export interface PageContext {
  language: string;
  languages: readonly string[];
  defaultLanguage: string;
  siteName: string;
  /** This page's path without its language prefix (`/event/jazz/`), for the links to the other languages. */
  path: string;
  /** From this page back to the server root (`../../`), so that every URL in the page is relative. */
  toRoot: string;
  /** The API's namespace path for this language, from the root (`de/calendar/events/v1`). */
  namespace: string;
  /** The view bundle's URL from the root, with its version (`assets/calendar-events-view.js?v=…`). */
  viewScript: string;
}

export interface Page {
  title: string;
  description?: string;
  /** Open Graph type: `website`, or `event`-like pages `article` (Open Graph has no event type). */
  type: 'website' | 'article';
  /** The record's public URL as the API gives it (`og:url`, canonical). */
  url?: string;
  image?: string;
  jsonLd?: unknown;
  body: Html;
  withView?: boolean;
}

const STYLES = `
:root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #5f6368; --link: #0b57d0; --line: #d9d9de; }
@media (prefers-color-scheme: dark) { :root { --fg: #ececf1; --bg: #18181b; --muted: #a1a1aa; --link: #8ab4f8; --line: #3f3f46; } }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header.site, main, footer.site { max-width: 64rem; margin: 0 auto; padding: 0.75rem 1rem; }
header.site { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.5rem 1rem; align-items: baseline; border-bottom: 1px solid var(--line); }
header.site .name { font-weight: 700; font-size: 1.2rem; color: var(--fg); text-decoration: none; }
header.site nav a { margin-left: 0.75rem; }
a { color: var(--link); }
a[aria-current="page"] { color: var(--fg); font-weight: 600; text-decoration: none; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
ul.events { list-style: none; padding: 0; }
ul.events li { padding: 0.4rem 0; border-bottom: 1px solid var(--line); }
ul.events time { color: var(--muted); font-variant-numeric: tabular-nums; margin-right: 0.5rem; }
.add-to-calendar { display: inline-block; margin: 0.5rem 0 1rem; padding: 0.4rem 0.8rem; border: 1px solid var(--line); border-radius: 0.4rem; text-decoration: none; }
img.event-image { max-width: 100%; height: auto; }
`;

function pagePath(context: PageContext, language: string, path: string): string {
  const prefix = language === context.defaultLanguage ? '' : `${language}/`;
  return `${context.toRoot}${prefix}${path.slice(1)}` || './';
}

/** A link to another page of this site, in the current language. */
export function link(context: PageContext, path: string): string {
  return pagePath(context, context.language, path);
}

function languageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** `2026-12-01 11:00:00` as the page's language writes it; the API's local time stays as it is. */
export function formatWhen(
  event: Pick<EventRecord, 'start_date' | 'end_date' | 'all_day' | 'timezone'>,
  texts: PageTexts,
  language: string,
): string {
  const toDate = (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' });
  const start = toDate(event.start_date);
  const end = toDate(event.end_date);
  const sameDay = event.start_date.slice(0, 10) === event.end_date.slice(0, 10);
  if (event.all_day)
    return sameDay ? `${day.format(start)}, ${texts.allDay}` : `${day.format(start)} – ${day.format(end)}`;
  const zone = event.timezone ? ` (${event.timezone})` : '';
  return sameDay
    ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}${zone}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}${zone}`;
}

export function renderLayout(context: PageContext, page: Page): string {
  const texts = textsFor(context.language);
  const title = page.title === context.siteName ? page.title : `${page.title} – ${context.siteName}`;
  const languages = context.languages.map((other) => {
    const current = other === context.language ? html` aria-current="page"` : '';
    return html`<a href="${pagePath(context, other, context.path)}" hreflang="${other}" lang="${other}"${current}>${languageName(other)}</a>`;
  });
  return `<!doctype html>
${html`<html lang="${context.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
${page.description ? html`<meta name="description" content="${page.description}">` : ''}
<meta property="og:site_name" content="${context.siteName}">
<meta property="og:title" content="${page.title}">
<meta property="og:type" content="${page.type}">
<meta property="og:locale" content="${context.language === 'de' ? 'de_DE' : 'en_US'}">
${page.url ? html`<meta property="og:url" content="${page.url}">\n<link rel="canonical" href="${page.url}">` : ''}
${page.description ? html`<meta property="og:description" content="${page.description}">` : ''}
${page.image ? html`<meta property="og:image" content="${page.image}">` : ''}
${page.jsonLd ? html`<script type="application/ld+json">${scriptJson(page.jsonLd)}</script>` : ''}
<link rel="stylesheet" href="${`${context.toRoot}assets/pages.css`}">
${page.withView ? html`<script type="module" src="${context.toRoot}${context.viewScript}"></script>` : ''}
</head>
<body>
<header class="site">
<a class="name" href="${link(context, '/')}">${context.siteName}</a>
<nav aria-label="${texts.language}">${languages.map((language) => html`${language} `)}<a href="${`${context.toRoot}${context.language === context.defaultLanguage ? '' : `${context.language}/`}docs/`}">${texts.apiReference}</a></nav>
</header>
<main>
${page.body}
</main>
</body>
</html>
`}`;
}

export const PAGES_STYLESHEET = STYLES;

/** A list of events, each a link to its page with its date and venue. */
export function eventList(context: PageContext, events: readonly EventRecord[]): Html {
  const texts = textsFor(context.language);
  if (events.length === 0) return html`<p>${texts.noEvents}</p>`;
  return html`<ul class="events">${events.map(
    (event) =>
      html`<li><time datetime="${event.start_date.replace(' ', 'T')}">${formatWhen(event, texts, context.language)}</time> <a href="${link(context, eventPagePath(event))}">${plainText(event.title)}</a>${
        !Array.isArray(event.venue) ? html` <span class="venue">· ${event.venue.venue}</span>` : ''
      }</li>`,
  )}</ul>`;
}

/** An event's page path from its `url`: `/event/<slug>/`, or an occurrence's `/event/<slug>/<date>/`. */
export function eventPagePath(event: Pick<EventRecord, 'url' | 'slug'>): string {
  const path = URL.canParse(event.url) ? new URL(event.url).pathname : '';
  // The end of the path: a site URL with a path of its own (`https://example.org/blog`) comes before it.
  return path.match(/\/event\/[^/]+\/(\d{4}-\d{2}-\d{2}\/)?$/)?.[0] ?? `/event/${event.slug}/`;
}

export function renderEventBody(context: PageContext, event: EventRecord): Html {
  const texts = textsFor(context.language);
  const ics = `${context.toRoot}${context.namespace}/events/${event.id}/ical`;
  const venue = Array.isArray(event.venue) ? undefined : event.venue;
  return html`<article>
<h1>${plainText(event.title)}</h1>
${event.image ? html`<img class="event-image" src="${event.image.url}" alt="${event.image.alt ?? ''}">` : ''}
<dl class="facts">
<dt>${texts.when}</dt><dd><time datetime="${event.start_date.replace(' ', 'T')}">${formatWhen(event, texts, context.language)}</time></dd>
${venue ? html`<dt>${texts.where}</dt><dd><a href="${link(context, `/venue/${venue.slug}/`)}">${venue.venue}</a>${venue.city ? html`, ${venue.city}` : ''}</dd>` : ''}
${event.organizer.length > 0 ? html`<dt>${texts.organizers}</dt><dd>${event.organizer.map((o, i) => html`${i > 0 ? ', ' : ''}<a href="${link(context, `/organizer/${o.slug}/`)}">${o.organizer}</a>`)}</dd>` : ''}
${event.categories.length > 0 ? html`<dt>${texts.categories}</dt><dd>${event.categories.map((c, i) => html`${i > 0 ? ', ' : ''}<a href="${link(context, categoryPagePath(c))}">${c.name}</a>`)}</dd>` : ''}
${event.cost ? html`<dt>${texts.cost}</dt><dd>${event.cost}</dd>` : ''}
</dl>
<p><a class="add-to-calendar" href="${ics}" type="text/calendar" download="${`${event.slug}.ics`}">${texts.addToCalendar}</a></p>
<div class="description">${new Html(event.description)}</div>
</article>`;
}

/** A category's page path from its `url` (`/events/category/<parent>/<slug>/`), else from its slug. */
export function categoryPagePath(term: TermRecord): string {
  const path = term.url && URL.canParse(term.url) ? new URL(term.url).pathname : '';
  return path.match(/\/events\/category\/([^/]+\/)+$/)?.[0] ?? `/events/category/${term.slug}/`;
}

export function renderVenueBody(
  context: PageContext,
  venue: VenueRecord,
  events: readonly EventRecord[],
): Html {
  const texts = textsFor(context.language);
  const address = [venue.address, [venue.zip, venue.city].filter(Boolean).join(' '), venue.country].filter(
    Boolean,
  );
  return html`<h1>${venue.venue}</h1>
${address.length > 0 ? html`<p class="address">${address.join(', ')}</p>` : ''}
${venue.website ? html`<p><a href="${venue.website}" rel="nofollow">${texts.website}</a></p>` : ''}
<h2>${texts.upcoming}</h2>
${eventList(context, events)}`;
}

export function renderOrganizerBody(
  context: PageContext,
  organizer: OrganizerRecord,
  events: readonly EventRecord[],
): Html {
  const texts = textsFor(context.language);
  return html`<h1>${organizer.organizer}</h1>
${organizer.website ? html`<p><a href="${organizer.website}" rel="nofollow">${texts.website}</a></p>` : ''}
<h2>${texts.upcoming}</h2>
${eventList(context, events)}`;
}

export function renderCategoryBody(
  context: PageContext,
  term: TermRecord,
  events: readonly EventRecord[],
): Html {
  const texts = textsFor(context.language);
  return html`<h1>${term.name}</h1>
${term.description ? html`<p>${plainText(term.description)}</p>` : ''}
<h2>${texts.upcoming}</h2>
${eventList(context, events)}`;
}

export function renderCalendarBody(context: PageContext): Html {
  const texts = textsFor(context.language);
  const feed = `${context.toRoot}${context.namespace}/events/ical`;
  return html`<h1>${texts.calendar}</h1>
<calendar-events-view src="${`${context.toRoot}${context.namespace}`}" view="month" locale="${context.language}"></calendar-events-view>
<noscript><p>${texts.noScript} <a href="${feed}">${feed}</a></p></noscript>`;
}

export function renderNotFoundBody(context: PageContext): Html {
  const texts = textsFor(context.language);
  return html`<h1>${texts.notFoundTitle}</h1>
<p>${texts.notFoundText}</p>
<p><a href="${link(context, '/')}">${texts.backToCalendar}</a></p>`;
}
