import { afterAll, beforeAll, expect, it } from 'vitest';
// The page's own rendering module, as the browser loads it.
import { renderEvents } from '../public/render.js';
import { type CalendarPage, startCalendarPage } from './app.js';

type EventsPage = Parameters<typeof renderEvents>[0];

let running: CalendarPage;

beforeAll(async () => {
  running = await startCalendarPage();
});

afterAll(() => running.close());

it('serves the page with the address of the API, and its rendering module', async () => {
  const html = await (await fetch(running.pageUrl)).text();
  expect(html).toContain(`<meta name="calendar-api" content="${running.apiUrl}" />`);
  const script = await fetch(`${running.pageUrl}/render.js`);
  expect(script.headers.get('content-type')).toContain('javascript');
  expect((await fetch(`${running.pageUrl}/nothing`)).status).toBe(404);
});

it("lets the page's origin read the demo calendar, and renders it by day in both languages", async () => {
  const read = (prefix: string) =>
    fetch(`${running.apiUrl}${prefix}/calendar/events/v1/events?per_page=20`, {
      headers: { origin: running.pageUrl },
    });
  const english = await read('');
  expect(english.headers.get('access-control-allow-origin')).toBe(running.pageUrl);
  const page = (await english.json()) as EventsPage;
  expect(page.events.length).toBe(20);
  const html = renderEvents(page, 'en');
  expect(html.match(/<h2>/g)?.length).toBeGreaterThan(1);
  expect(html).toContain(page.events[0]!.title.replace(/&/g, '&#38;'));
  const german = renderEvents((await (await read('/de')).json()) as EventsPage, 'de');
  expect(german).not.toBe(html);
  expect(renderEvents({ events: [] }, 'en')).toContain('No upcoming events.');
});
