/**
 * The API reference page in a real browser (SPEC §11): Debian's Chromium, headless, driven by playwright-core.
 * The page loads from the standalone server, renders the generated document, and a "Try it out" request from the
 * page reaches the events list on the same server. A screenshot lands in `test-output/docs-page.png`.
 *
 * Without `/usr/bin/chromium` the test fails in CI (`.ci/run` installs it) and is skipped, loudly, elsewhere.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumInstalled,
  recordProblems,
  runningInCi,
  warnWhenSkipped,
} from './browser-test-kit.js';
import type { AdapterName } from './http-app.js';
import { type RunningServer, startServer } from './server.js';

const SCREENSHOT_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output', 'docs-page.png');
const BROWSER_TEST_TIMEOUT_MS = 90_000;

warnWhenSkipped('the API reference browser test');

describe.skipIf(!chromiumInstalled && !runningInCi)('API reference page in headless Chromium', () => {
  const servers = new Map<AdapterName, RunningServer>();
  let browser: BrowserContext;
  let userDataDir: string;

  beforeAll(async () => {
    if (!chromiumInstalled) {
      throw new Error(
        `${CHROMIUM_PATH} is missing, and the API reference browser test is mandatory in CI: ` +
          'install it with `apt-get install -y chromium` (.ci/run does).',
      );
    }
    for (const adapter of ['fastify', 'express'] as const) {
      servers.set(adapter, await startServer({ adapter, port: 0, database: 'sqlite::memory:', demo: true }));
    }
    userDataDir = mkdtempSync(join(tmpdir(), 'calendar-events-chromium-'));
    // A persistent context is how Playwright takes a user data directory (it passes `--user-data-dir` itself).
    browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([...servers.values()].map((server) => server.close()));
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it.for(['fastify', 'express'] as const)(
    'renders the routes and runs a request against the events list (%s)',
    { timeout: BROWSER_TEST_TIMEOUT_MS },
    async (adapter) => {
      const server = servers.get(adapter)!;
      const page = await browser.newPage();
      const problems = recordProblems(page);
      const documentLoaded = page.waitForResponse((response) =>
        response.url().endsWith('/calendar/events/v1/doc'),
      );
      await page.goto(`${server.url}/docs/`);
      expect((await documentLoaded).status()).toBe(200);
      await expect(page.title()).resolves.toBe('Calendar Events API reference');
      await expect(page.locator('header h1').textContent()).resolves.toBe('Calendar Events API reference');
      await expect(page.locator('nav a[hreflang="de"]').getAttribute('href')).resolves.toBe('../de/docs/');

      // The operations, as Swagger UI lists them: `GET /events`, `GET /events/{id}`, ….
      await page.locator('.opblock').first().waitFor();
      const operations = await page
        .locator('.opblock-summary')
        .evaluateAll((summaries) =>
          summaries.map(
            (summary) =>
              `${summary.querySelector('.opblock-summary-method')?.textContent} ${summary.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
          ),
        );
      expect(operations).toEqual(
        expect.arrayContaining([
          'GET /events',
          'POST /events',
          'GET /events/{id}',
          'DELETE /events/{id}',
          'GET /events/by-slug/{slug}',
          'GET /venues',
          'GET /organizers',
          'GET /categories',
          'GET /tags',
        ]),
      );

      // Expand `GET /events`, try it out, execute: the request goes from the page to the same server.
      const listEvents = page
        .locator('.opblock-get')
        .filter({ has: page.locator('.opblock-summary-path[data-path="/events"]') });
      await listEvents.locator('.opblock-summary').click();
      await listEvents.locator('button.try-out__btn').click();
      const eventsAnswered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/calendar/events/v1/events',
      );
      await listEvents.locator('button.execute').click();
      const eventsResponse = await eventsAnswered;
      // Same origin, the path the document's server and route give (the query holds the document's defaults).
      const requested = new URL(eventsResponse.url());
      expect(`${requested.origin}${requested.pathname}`).toBe(`${server.url}/calendar/events/v1/events`);
      expect(eventsResponse.status()).toBe(200);

      const liveResponse = listEvents.locator('.live-responses-table .response');
      await liveResponse.first().waitFor();
      await expect(liveResponse.locator('.response-col_status').first().textContent()).resolves.toBe('200');
      const shownBody = await liveResponse.locator('.response-col_description pre').first().textContent();
      expect(shownBody).toContain('"events"');
      expect(shownBody).toContain('"total"');

      // One screenshot, of the default adapter's page: both serve the same bytes (the parity test checks).
      if (adapter === 'fastify') {
        mkdirSync(dirname(SCREENSHOT_PATH), { recursive: true });
        await page.screenshot({ path: SCREENSHOT_PATH, fullPage: true });
      }
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('renders the German document on the German page', { timeout: BROWSER_TEST_TIMEOUT_MS }, async () => {
    const server = servers.get('fastify')!;
    const page = await browser.newPage();
    const problems = recordProblems(page);
    const documentLoaded = page.waitForResponse((response) =>
      response.url().endsWith('/de/calendar/events/v1/doc'),
    );
    await page.goto(`${server.url}/de/docs`);
    expect(new URL(page.url()).pathname).toBe('/de/docs/');
    expect((await documentLoaded).status()).toBe(200);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await expect(page.locator('nav a[aria-current="page"]').textContent()).resolves.toBe('Deutsch');
    await page.locator('.opblock-summary-path[data-path="/events"]').first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
