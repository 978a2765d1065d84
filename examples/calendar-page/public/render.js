// @ts-check
/**
 * Turns a page of `GET /calendar/events/v1/events` into HTML: the events grouped by day, each with its time,
 * title (a link to the event's page) and venue. Used by index.html in the browser and by the example's test.
 * Texts from the API are escaped; descriptions (HTML, sanitized by the service) are not shown here.
 */

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * @param {{ events: Array<{ title: string, url: string, all_day: boolean | null, start_date: string,
 *   end_date: string, venue: { venue?: string, city?: string } | [] }> }} page
 * @param {string} language `en` or `de`, for the day headings
 */
export function renderEvents(page, language) {
  if (page.events.length === 0) return '<p class="empty">No upcoming events.</p>';
  const days = new Map();
  for (const event of page.events) {
    const day = event.start_date.slice(0, 10);
    if (!days.has(day)) days.set(day, []);
    days.get(day).push(event);
  }
  const heading = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  let html = '';
  for (const [day, events] of days) {
    html += `<section><h2>${escapeHtml(heading.format(new Date(`${day}T00:00:00Z`)))}</h2><ul>`;
    for (const event of events) {
      const time = event.all_day
        ? language === 'de'
          ? 'ganztägig'
          : 'all day'
        : event.start_date.slice(11, 16);
      const venue = Array.isArray(event.venue)
        ? ''
        : [event.venue.venue, event.venue.city].filter(Boolean).map(String).join(', ');
      html += `<li><time>${escapeHtml(time)}</time> <a href="${escapeHtml(event.url)}">${escapeHtml(event.title)}</a>`;
      if (venue) html += ` <span class="venue">${escapeHtml(venue)}</span>`;
      html += '</li>';
    }
    html += '</ul></section>';
  }
  return html;
}
