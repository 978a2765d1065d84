/**
 * The fake plugin site imported and served here, read as an anonymous caller reads it: a password-protected
 * event never becomes readable (by id, in lists, in feeds, by search), whether the import could read its
 * password (an administrator's credentials) or not (none, or WordPress refusing its edit context); past events
 * hidden from listings come over, and the categories count them as the source does; costs answer as the
 * source's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createSharedTestDatabase,
  DERIVED_IDS,
  FAKE_PASSWORDS,
  type FakeTecServer,
  type SharedTestDatabase,
  startFakeTec,
  testDialects,
} from '@calendar-events/tests';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addAdministrator, runCli } from '../../test/support/run-cli.js';
import { type RunningServer, startServer } from '../server.js';

const PASSWORD = 'abcd efgh ijkl mnop';
const NAMESPACE = 'tribe/events/v1';
const dialects = (await testDialects()).map((dialect) => dialect.name);
/** A word only the protected events' descriptions hold. */
const SECRET_WORD = 'quorum';
const PROTECTED = Object.keys(FAKE_PASSWORDS).map(Number);

type Json = Record<string, unknown>;

async function anonymous(server: RunningServer, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/${NAMESPACE}${path}`);
  return { status: response.status, text: await response.text() };
}

const runs = [
  { name: 'with an administrator', args: ['--user', 'admin'], faults: {}, passwordsKnown: true },
  { name: 'without credentials', args: [], faults: {}, passwordsKnown: false },
  {
    name: 'with WordPress refusing its edit context',
    args: ['--user', 'admin'],
    faults: { refuseEditContext: true },
    passwordsKnown: false,
  },
];

describe.each(dialects)('the fake plugin site imported into %s', { timeout: 180_000 }, (dialect) => {
  describe.each(runs)('$name', ({ args, faults, passwordsKnown }) => {
    let site: FakeTecServer;
    let target: SharedTestDatabase;
    let served: RunningServer;
    let stateDir: string;
    let report: Json & { skipped: Json[]; notes: string[] };

    beforeAll(async () => {
      site = await startFakeTec({ events: 40, password: PASSWORD, faults });
      target = await createSharedTestDatabase(dialect, 'tec-fake-site-');
      stateDir = mkdtempSync(join(tmpdir(), 'tec-fake-site-'));
      expect((await addAdministrator(target.url)).code).toBe(0);
      vi.stubEnv('TEC_APP_PASSWORD', PASSWORD);
      const run = await runCli([
        'import',
        'tec',
        site.url,
        ...args,
        '--database',
        target.url,
        '--state-dir',
        stateDir,
        '--json',
      ]);
      expect(run.code, run.stderr).toBe(0);
      report = JSON.parse(run.stdout);
      served = await startServer({
        database: target.url,
        port: 0,
        namespace: NAMESPACE,
        siteUrl: site.url.replace(/\/$/, ''),
        rateLimit: false,
      });
    });
    afterAll(async () => {
      vi.unstubAllEnvs();
      await served?.close();
      await site?.close();
      await target?.close();
      rmSync(stateDir, { recursive: true, force: true });
    });

    it('keeps every protected event unreadable to anonymous callers: by id, in lists, feeds and search', async () => {
      const imported = PROTECTED.filter((id) => !report.skipped.some((skip) => skip.id === id));
      // Without credentials the protected event hidden from listings cannot be read at all: reported.
      expect(imported.length).toBe(args.length > 0 ? 3 : 2);
      for (const id of imported) {
        const byId = await anonymous(served, `/events/${id}`);
        expect([byId.status, JSON.parse(byId.text).code], `event ${id}`).toEqual([
          403,
          'event-password-protected',
        ]);
        expect((await anonymous(served, `/events/${id}/ical`)).status).toBe(403);
      }
      const list = await anonymous(served, '/events?per_page=50&start_date=1900-01-01&end_date=2999-12-31');
      expect(list.status).toBe(200);
      const listed = (JSON.parse(list.text).events as Json[]).filter((event) =>
        imported.includes(event.id as number),
      );
      expect(listed.map((event) => event.id).sort()).toEqual(
        imported.filter((id) => id !== DERIVED_IDS.pastHiddenProtectedEvent).sort(),
      );
      for (const event of listed) expect([event.description, event.all_day]).toEqual(['', null]);
      expect(list.text).not.toContain(SECRET_WORD);
      const feed = await anonymous(served, '/events/ical?start_date=1900-01-01&end_date=2999-12-31');
      expect(feed.status).toBe(200);
      expect(feed.text).not.toContain(SECRET_WORD);
      const search = await anonymous(served, `/events?search=${SECRET_WORD}&start_date=1900-01-01`);
      expect(JSON.parse(search.text).events).toEqual([]);
    });

    it('opens a protected event with its own password when the import could read it, and says so when not', async () => {
      const id = DERIVED_IDS.protectedEvent;
      const opened = await anonymous(
        served,
        `/events/${id}?password=${encodeURIComponent(FAKE_PASSWORDS[id]!)}`,
      );
      expect(opened.status).toBe(passwordsKnown ? 200 : 403);
      if (passwordsKnown) {
        expect(JSON.parse(opened.text).description).toContain(SECRET_WORD);
        expect(report.notes).toEqual([]);
      } else {
        expect(report.notes).toContainEqual(
          expect.stringMatching(
            new RegExp(`password-protected event|password of \\d+ protected event.*${id}.*no one knows`),
          ),
        );
        expect(report.notes.join('\n')).toContain(String(id));
      }
    });

    it('imports past events hidden from listings, and the categories count them as the source does', async () => {
      for (const id of [DERIVED_IDS.pastHiddenEvent, DERIVED_IDS.pastHiddenEventInGap]) {
        const byId = await anonymous(served, `/events/${id}`);
        expect(byId.status, `event ${id}`).toBe(200);
        expect(JSON.parse(byId.text)).toMatchObject({ hide_from_listings: true, cost: '$1,500' });
      }
      const archive = await anonymous(served, `/categories/${DERIVED_IDS.archiveCategory}`);
      const source = site.data.categories.find((term) => term.id === DERIVED_IDS.archiveCategory);
      // The protected hidden one counts too, once the import could read it (with credentials).
      expect(JSON.parse(archive.text).count).toBe(args.length > 0 ? source.count : source.count - 1);
      // What could not be read is reported, never a silent "0 skipped".
      if (args.length === 0)
        expect(report.skipped).toContainEqual(
          expect.objectContaining({ kind: 'event', id: DERIVED_IDS.pastHiddenProtectedEvent }),
        );
    });

    it('answers each cost as the source does', async () => {
      const priced = site.data.events.filter(
        (event) => event.status === 'publish' && !(event.id in FAKE_PASSWORDS) && event.cost !== '',
      );
      expect(priced.length).toBeGreaterThan(5);
      for (const event of priced) {
        const answer = await fetch(`${site.url}wp-json/${NAMESPACE}/events/${event.id}`);
        const theirs = (await answer.json()) as Json;
        const ours = JSON.parse((await anonymous(served, `/events/${event.id}`)).text) as Json;
        expect([ours.cost, ours.cost_details], `event ${event.id}`).toEqual([
          theirs.cost,
          theirs.cost_details,
        ]);
      }
    });
  });
});
