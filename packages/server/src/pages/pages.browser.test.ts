/**
 * The public pages and the embeddable calendar in a real browser (Debian's Chromium, headless, one launch):
 * the server's `/` shows this month's events in the month view and switches to the list view; an event page
 * shows its title and valid JSON-LD; `<calendar-events-view>` works on a plain page served from another origin
 * (CORS); FullCalendar's standalone bundle pointed at the widget feed shows the same events as the element.
 * Screenshots of each page land in `artifacts/screenshots/` (CI keeps them; README, "Calendar pages").
 *
 * Without `/usr/bin/chromium` the test fails in CI (`.ci/run` installs it) and is skipped, loudly, elsewhere.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumInstalled,
  recordProblems,
  runningInCi,
  warnWhenSkipped,
} from '../browser-test-kit.js';
import { type RunningServer, startServer } from '../server.js';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '../../../../artifacts/screenshots');
const TIME_ZONE = 'Europe/Berlin';
const NS = '/calendar/events/v1';

warnWhenSkipped('the pages browser test');

/** This month's date `day` (clamped to the month) as the API's local time. */
function thisMonth(day: number, time: string): string {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: TIME_ZONE }));
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${String(Math.min(day, last)).padStart(2, '0')} ${time}`;
}

/** The other origin: a plain page with the element, and one with FullCalendar, pointed at the API. */
function otherOrigin(api: () => string): Server {
  const fullCalendar = readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('fullcalendar/package.json')), 'index.global.min.js'),
  );
  return createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    const page = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Elsewhere</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`);
    if (path === '/element.html')
      return page(`<h1>Our events</h1>
<script type="module" src="${api()}/assets/calendar-events-view.js"></script>
<calendar-events-view src="${api()}${NS}" view="month" locale="en"></calendar-events-view>`);
    if (path === '/fullcalendar.html')
      return page(`<div id="calendar"></div>
<script src="/fullcalendar.js"></script>
<script>
  new FullCalendar.Calendar(document.getElementById('calendar'), {
    initialView: 'dayGridMonth',
    // The weeks of the month only, as EventCalendar's month view shows them (FullCalendar's default is six).
    fixedWeekCount: false,
    events: '${api()}${NS}/events/calendar',
  }).render();
</script>`);
    if (path === '/fullcalendar.js')
      return response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(fullCalendar);
    response.writeHead(404).end();
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The titles the widget feed gives for this month, as the list view should show them. */
async function monthTitles(apiUrl: string): Promise<string[]> {
  const start = `${thisMonth(1, '00:00:00').slice(0, 10)}T00:00:00`;
  const next = new Date(`${start}Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const query = new URLSearchParams({
    start,
    end: `${next.toISOString().slice(0, 10)}T00:00:00`,
    timeZone: TIME_ZONE,
  });
  const events = (await (await fetch(`${apiUrl}${NS}/events/calendar?${query}`)).json()) as {
    title: string;
  }[];
  return [...new Set(events.map((event) => event.title))].sort();
}

async function titlesIn(page: Page, selector: string): Promise<string[]> {
  const titles = await page.locator(selector).allTextContents();
  return [...new Set(titles.map((title) => title.trim()))].sort();
}

describe.skipIf(!chromiumInstalled && !runningInCi)(
  'pages and the calendar element in headless Chromium',
  () => {
    let server: RunningServer;
    let elsewhere: Server;
    let elsewhereUrl: string;
    let browser: BrowserContext;
    let userDataDir: string;
    const created: { title: string; slug: string }[] = [];

    beforeAll(async () => {
      if (!chromiumInstalled) {
        throw new Error(
          `${CHROMIUM_PATH} is missing, and the pages browser test is mandatory in CI: ` +
            'install it with `apt-get install -y chromium` (.ci/run does).',
        );
      }
      elsewhere = otherOrigin(() => server.url);
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      // The permalinks the API hands out (and the calendar links to) must lead to this server: its site URL is
      // its own address, on a port known before it starts.
      const port = await freePort();
      server = await startServer({
        port,
        siteUrl: `http://127.0.0.1:${port}`,
        database: 'sqlite::memory:',
        demo: true,
        timezone: TIME_ZONE,
        siteName: 'Browser test calendar',
        cors: { origins: [elsewhereUrl] },
      });
      // Events in this month whatever the day the test runs (the demo's are spread over the coming months).
      for (const [title, day, allDay] of [
        ['Choir rehearsal', 3, false],
        ['Harbour market', 17, true],
      ] as const) {
        const response = await fetch(`${server.url}${NS}/events`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${server.demoAdministratorKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            title,
            start_date: thisMonth(day, '18:00:00'),
            end_date: thisMonth(day, '20:00:00'),
            all_day: allDay,
            status: 'publish',
          }),
        });
        expect(response.status).toBe(201);
        created.push({ title, slug: ((await response.json()) as { slug: string }).slug });
      }
      mkdirSync(SCREENSHOTS, { recursive: true });
      userDataDir = mkdtempSync(join(tmpdir(), 'calendar-events-chromium-'));
      browser = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
        viewport: { width: 1280, height: 900 },
        timezoneId: TIME_ZONE,
        locale: 'en-US',
      });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await new Promise((resolve) => elsewhere?.close(resolve));
      if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    });

    it("shows this month's events in the month view at /, then the list view", async () => {
      const page = await browser.newPage();
      const problems = recordProblems(page);
      await page.goto(`${server.url}/`);
      await expect(page.title()).resolves.toBe('Browser test calendar');
      await page.locator('.ec-day-grid .cev-title', { hasText: 'Choir rehearsal' }).waitFor();
      const shown = await titlesIn(page, '.ec-day-grid .cev-title');
      expect(shown).toEqual(expect.arrayContaining(['Choir rehearsal', 'Harbour market']));
      // Each event is a link to its page, reachable with Tab.
      const link = page.locator('a.cev-event', { hasText: 'Choir rehearsal' });
      await expect(link.getAttribute('href')).resolves.toMatch(new RegExp(`/event/${created[0]!.slug}/$`));
      const focused = () => link.evaluate((element) => element.ownerDocument.activeElement === element);
      let presses = 0;
      // From the top of the page: the language links, the view buttons, then the events.
      while (!(await focused()) && presses < 25) {
        await page.keyboard.press('Tab');
        presses += 1;
      }
      expect(await focused()).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, 'calendar-month.png'), fullPage: true });

      await page.getByRole('button', { name: 'List' }).click();
      await page.locator('.ec-list .cev-title', { hasText: 'Harbour market' }).waitFor();
      // The list shows the month itself (the grid also shows the first and last days of its neighbours).
      expect(await titlesIn(page, '.ec-list .cev-title')).toEqual(await monthTitles(server.url));
      await page.screenshot({ path: join(SCREENSHOTS, 'calendar-list.png'), fullPage: true });
      // Dark when the system prefers it (no theme attribute), light when the attribute says so.
      const calendarBackground = () =>
        page
          .locator('.ec')
          .evaluate((element) =>
            element.ownerDocument.defaultView!.getComputedStyle(element).getPropertyValue('--ec-bg-color'),
          );
      const light = await calendarBackground();
      await page.emulateMedia({ colorScheme: 'dark' });
      const dark = await calendarBackground();
      expect(dark).not.toBe(light);
      await page.screenshot({ path: join(SCREENSHOTS, 'calendar-list-dark.png'), fullPage: true });
      await page
        .locator('calendar-events-view')
        .evaluate((element) => element.setAttribute('theme', 'light'));
      // A new theme keeps the view shown.
      await page.locator('.ec-list .cev-title', { hasText: 'Harbour market' }).waitFor();
      expect(await calendarBackground()).toBe(light);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('shows an event page with its title and valid JSON-LD, and follows Enter from the calendar', async () => {
      const page = await browser.newPage();
      const problems = recordProblems(page);
      await page.goto(`${server.url}/`);
      const link = page.locator('a.cev-event', { hasText: 'Choir rehearsal' });
      await link.focus();
      await Promise.all([page.waitForURL(`**/event/${created[0]!.slug}/`), page.keyboard.press('Enter')]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Choir rehearsal');
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
      );
      expect(jsonLd).toMatchObject({ '@type': 'Event', name: 'Choir rehearsal' });
      expect(jsonLd.startDate).toMatch(/T18:00:00[+-]\d\d:\d\d$/);
      await expect(page.locator('a.add-to-calendar').getAttribute('href')).resolves.toMatch(/\/ical$/);
      await page.screenshot({ path: join(SCREENSHOTS, 'event-page.png'), fullPage: true });
      // The German calendar: the element's own labels, EventCalendar's dates in German.
      await page.goto(`${server.url}/de/`);
      await page.locator('.cev-title', { hasText: 'Choir rehearsal' }).waitFor();
      expect(await page.locator('.ec-toolbar button').allTextContents()).toEqual(
        expect.arrayContaining(['Heute', 'Monat', 'Woche', 'Liste']),
      );
      await expect(page.locator('.ec-toolbar button.ec-prev').getAttribute('aria-label')).resolves.toBe(
        'Zurück',
      );
      await page.screenshot({ path: join(SCREENSHOTS, 'calendar-month-de.png'), fullPage: true });
      await page.goto(`${server.url}/de/event/symphony-no-9-berlin/`);
      await expect(page.locator('a.add-to-calendar').textContent()).resolves.toBe(
        'Zum Kalender hinzufügen (.ics)',
      );
      await page.screenshot({ path: join(SCREENSHOTS, 'event-page-de.png'), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    it('runs the element on a plain page of another origin (CORS), and FullCalendar shows the same events', async () => {
      const page = await browser.newPage();
      const problems = recordProblems(page);
      const feedAnswered = page.waitForResponse((response) =>
        response.url().includes(`${NS}/events/calendar?`),
      );
      await page.goto(`${elsewhereUrl}/element.html`);
      const feed = await feedAnswered;
      expect(feed.status()).toBe(200);
      expect(await feed.headerValue('access-control-allow-origin')).toBe(elsewhereUrl);
      await page.locator('.cev-title', { hasText: 'Choir rehearsal' }).waitFor();
      const elementTitles = await titlesIn(page, '.ec-day-grid .cev-title');
      // The page switches the view by setting the attribute.
      await page.locator('calendar-events-view').evaluate((element) => element.setAttribute('view', 'week'));
      await page.locator('.ec-time-grid').waitFor();
      await page.locator('calendar-events-view').evaluate((element) => element.setAttribute('view', 'month'));
      await page.locator('.ec-day-grid .cev-title', { hasText: 'Choir rehearsal' }).waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, 'element-other-origin.png'), fullPage: true });

      await page.goto(`${elsewhereUrl}/fullcalendar.html`);
      await page.locator('.fc-event-title', { hasText: 'Choir rehearsal' }).waitFor();
      expect(await titlesIn(page, '.fc-event-title')).toEqual(elementTitles);
      await page.screenshot({ path: join(SCREENSHOTS, 'fullcalendar.png'), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });
  },
);
