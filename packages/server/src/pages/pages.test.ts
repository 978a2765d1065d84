/**
 * The public pages over HTTP, on both adapters: statuses, escaping, JSON-LD, Open Graph, the 404 page, German,
 * what the caller may read, an occurrence's address, the view bundle, caching, and `pages: false`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterName } from '../http-app.js';
import { type RunningServer, startServer } from '../server.js';

const NS = '/calendar/events/v1';
/** Markup the service keeps as text (its titles are HTML: tags go, entities stay), so the page must escape it. */
const HOSTILE = `Jazz &lt;/script&gt;&lt;script&gt;alert("x")&lt;/script&gt; & 'friends'`;

function jsonLdOf(page: string): unknown[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

function meta(page: string, property: string): string | undefined {
  return page.match(new RegExp(`<meta property="${property}" content="([^"]*)">`))?.[1];
}

describe.each(['fastify', 'express'] as const)('public pages (%s)', (adapter: AdapterName) => {
  let server: RunningServer;
  let key: string;
  const ids: Record<string, number> = {};

  async function write(path: string, body: unknown): Promise<{ id: number; url: string }> {
    const response = await fetch(`${server.url}${NS}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; url: string };
  }

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    server = await startServer({
      adapter,
      port: 0,
      database: 'sqlite::memory:',
      demo: true,
      siteName: 'Konzerte & <Kultur>',
      siteUrl: 'https://events.example',
    });
    key = server.demoAdministratorKey!;
    ids.hostile = (
      await write('/events', {
        title: HOSTILE,
        description: '<p>Bring <strong>friends</strong></p><script>alert(1)</script>',
        start_date: '2026-12-20 20:00:00',
        end_date: '2026-12-20 22:00:00',
        status: 'publish',
      })
    ).id;
    ids.draft = (
      await write('/events', {
        title: 'Secret rehearsal',
        start_date: '2026-12-21 20:00:00',
        end_date: '2026-12-21 22:00:00',
        status: 'draft',
      })
    ).id;
    ids.series = (
      await write('/events', {
        title: 'Weekly choir',
        start_date: '2026-12-01 19:00:00',
        end_date: '2026-12-01 21:00:00',
        timezone: 'Europe/Berlin',
        status: 'publish',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
      })
    ).id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('serves an event page: title, escaped texts, JSON-LD as the API has it, Open Graph, the .ics link', async () => {
    const api = (await (await fetch(`${server.url}${NS}/events/${ids.hostile}`)).json()) as {
      slug: string;
      json_ld: unknown;
      url: string;
    };
    const response = await page(`/event/${api.slug}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('etag')).toMatch(/^"/);
    const body = await response.text();
    // The title's markup never becomes markup of the page; the JSON-LD cannot end its script element.
    expect(body).not.toContain('<script>alert');
    expect(body).toContain(
      'Jazz &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;',
    );
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLdOf(body)).toEqual([api.json_ld]);
    expect((api.json_ld as { name: string }).name).toBe(
      `Jazz </script><script>alert("x")</script> & 'friends'`,
    );
    expect(meta(body, 'og:title')).toBe(
      'Jazz &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;',
    );
    expect(meta(body, 'og:url')).toBe(api.url);
    expect(meta(body, 'og:type')).toBe('article');
    expect(meta(body, 'og:site_name')).toBe('Konzerte &amp; &lt;Kultur&gt;');
    expect(body).toContain('<strong>friends</strong>');
    const ics = body.match(/class="add-to-calendar" href="([^"]+)"/)![1]!;
    expect(ics).toBe(`../../calendar/events/v1/events/${ids.hostile}/ical`);
    const calendar = await fetch(new URL(ics, `${server.url}/event/${api.slug}/`));
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toContain('text/calendar');
    expect(await calendar.text()).toContain('BEGIN:VEVENT');
  });

  it('answers 304 to a matching If-None-Match, and keeps pages read with credentials private', async () => {
    const first = await page('/event/symphony-no-9-berlin/');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toContain('Authorization');
    const again = await page('/event/symphony-no-9-berlin/', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    const personal = await page('/event/symphony-no-9-berlin/', { authorization: `Bearer ${key}` });
    expect(personal.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('shows a draft only to whoever may read it: the public gets the 404 page', async () => {
    const api = (await (
      await fetch(`${server.url}${NS}/events/${ids.draft}`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { slug: string };
    const publicPage = await page(`/event/${api.slug}/`);
    expect(publicPage.status).toBe(404);
    const notFound = await publicPage.text();
    expect(notFound).toContain('<h1>Page not found</h1>');
    expect(notFound).not.toContain('Secret rehearsal');
    expect(publicPage.headers.get('cache-control')).toBe('no-store');
    const editorPage = await page(`/event/${api.slug}/`, { authorization: `Bearer ${key}` });
    expect(editorPage.status).toBe(200);
    expect(await editorPage.text()).toContain('<h1>Secret rehearsal</h1>');
  });

  it("answers an occurrence's address with that occurrence, and a day without one with 404", async () => {
    const list = (await (
      await fetch(`${server.url}${NS}/events?post_parent=${ids.series}&start_date=2026-12-01&per_page=10`)
    ).json()) as { events: { id: number; url: string; start_date: string }[] };
    const second = list.events.find((event) => event.start_date.startsWith('2026-12-08'))!;
    const path = new URL(second.url).pathname;
    expect(path).toMatch(/^\/event\/weekly-choir\/2026-12-08\/$/);
    const response = await page(path);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('<h1>Weekly choir</h1>');
    expect(body).toContain('datetime="2026-12-08T19:00:00"');
    expect((jsonLdOf(body)[0] as { startDate: string }).startDate).toBe('2026-12-08T19:00:00+01:00');
    expect((await page('/event/weekly-choir/2026-12-09/')).status).toBe(404);
  });

  it('serves venues, organizers and categories with their upcoming events', async () => {
    const venue = await page('/venue/konzerthaus-berlin/');
    expect(venue.status).toBe(200);
    const venueBody = await venue.text();
    expect(venueBody).toContain('<h1>Konzerthaus Berlin</h1>');
    expect(venueBody).toContain('href="../../event/symphony-no-9-berlin/"');
    expect(jsonLdOf(venueBody)).toHaveLength(1);
    const organizer = await page('/organizer/kulturburo-munchen/');
    expect(organizer.status).toBe(200);
    expect(await organizer.text()).toContain('<h1>Kulturbüro München</h1>');
    const category = await page('/events/category/concerts/');
    expect(category.status).toBe(200);
    expect(await category.text()).toContain('symphony-no-9-berlin');
    expect((await page('/venue/nowhere/')).status).toBe(404);
    expect((await page('/events/category/nothing/')).status).toBe(404);
    // A category's address names its parents as the API's `url` does; other parents lead nowhere.
    expect((await page('/events/category/family/concerts/')).status).toBe(404);
  });

  it('speaks German under /de/, with the texts the API has in German', async () => {
    const calendar = await page('/de/');
    expect(calendar.status).toBe(200);
    const body = await calendar.text();
    expect(body).toContain('<html lang="de">');
    expect(body).toContain('<calendar-events-view src="../de/calendar/events/v1" view="month" locale="de">');
    const event = await (await page('/de/event/symphony-no-9-berlin/')).text();
    expect(event).toContain('Zum Kalender hinzufügen (.ics)');
    expect(event).toContain('href="../../../de/calendar/events/v1/events/');
    // The demo's dates follow the day it is seeded: the day the API gives, written as a German reader reads it.
    const { start_date } = (await (
      await fetch(`${server.url}${NS}/events/by-slug/symphony-no-9-berlin`)
    ).json()) as {
      start_date: string;
    };
    const day = new Intl.DateTimeFormat('de', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${start_date.slice(0, 10)}T12:00:00Z`));
    expect(event).toContain(day);
    const missing = await page('/de/event/nothing/');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Seite nicht gefunden');
    const bare = await page('/de');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('de/');
  });

  it('serves the calendar page and its view bundle from this server, and redirects a missing slash', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    const body = await home.text();
    expect(body).toContain('<title>Konzerte &amp; &lt;Kultur&gt;</title>');
    const script = body.match(/<script type="module" src="([^"]+)">/)![1]!;
    expect(script).toMatch(/^assets\/calendar-events-view\.js\?v=[\w-]{16}$/);
    const bundle = await fetch(`${server.url}/${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await bundle.text()).toContain('calendar-events-view');
    const redirect = await page('/venue/konzerthaus-berlin');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('konzerthaus-berlin/');
    expect((await fetch(`${server.url}/event/x/`, { method: 'POST' })).status).toBe(405);
  });

  it('gives browsers the 404 page for unknown paths, and API clients the API 404', async () => {
    const browser = await page('/no/such/page');
    expect(browser.status).toBe(404);
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const client = await fetch(`${server.url}/no/such/page`);
    expect(client.status).toBe(404);
    expect(((await client.json()) as { code: string }).code).toBe('rest_no_route');
    const underApi = await page(`${NS}/nothing`);
    expect(underApi.headers.get('content-type')).toContain('application/json');
  });
});

describe('pages: false (--no-pages)', () => {
  it('serves the API only', async () => {
    const server = await startServer({ port: 0, database: 'sqlite::memory:', demo: true, pages: false });
    try {
      for (const path of ['/', '/event/symphony-no-9-berlin/', '/assets/calendar-events-view.js']) {
        const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toContain('application/json');
      }
      expect((await fetch(`${server.url}${NS}/events`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
