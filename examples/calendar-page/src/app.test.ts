import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CalendarPage, startCalendarPage } from './app.js';

let running: CalendarPage;

beforeAll(async () => {
  running = await startCalendarPage();
});

afterAll(() => running.close());

it('serves a plain page that loads the element from the API server and points it at the API', async () => {
  const html = await (await fetch(running.pageUrl)).text();
  expect(html).toContain(
    `<script type="module" src="${running.apiUrl}/assets/calendar-events-view.js"></script>`,
  );
  expect(html).toContain(`<calendar-events-view src="${running.apiUrl}/calendar/events/v1" view="month"`);
  expect(html).not.toContain('API_ROOT');
  expect((await fetch(`${running.pageUrl}/nothing`)).status).toBe(404);
});

it("lets the page's origin load the element and read the widget feed (CORS)", async () => {
  const origin = { origin: running.pageUrl };
  const bundle = await fetch(`${running.apiUrl}/assets/calendar-events-view.js`, { headers: origin });
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get('access-control-allow-origin')).toBe('*');
  expect(await bundle.text()).toContain('calendar-events-view');
  const start = new Date().toISOString().slice(0, 8);
  const feed = await fetch(
    `${running.apiUrl}/calendar/events/v1/events/calendar?start=${start}01T00:00:00&end=${start}28T00:00:00&timeZone=UTC`,
    { headers: origin },
  );
  expect(feed.status).toBe(200);
  expect(feed.headers.get('access-control-allow-origin')).toBe(running.pageUrl);
  expect(Array.isArray(await feed.json())).toBe(true);
});
