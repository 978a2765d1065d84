/**
 * `pnpm --filter @calendar-events/bench tec-writer`: how long the writer of the move from WordPress (core's
 * `importTecSnapshot`) takes for a site of the plugin with many events, inside core, without HTTP: the
 * reader's share (fetching the records) is not in these figures. The site is generated in the plugin's JSON
 * (every event with its embedded venue, organizer, categories and tags; a third with an image; drafts with the
 * plugin's empty slug and zero dates), then imported into an empty database three times: the first run creates
 * everything, the second finds everything unchanged, the third updates a tenth of the events (their
 * `modified_utc` moved at the source).
 *
 *   pnpm --filter @calendar-events/bench tec-writer -- --events 10000 --databases sqlite,postgres
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CalendarDatabase,
  createUser,
  importTecSnapshot,
  type TecRecord,
  type TecSnapshot,
} from '@calendar-events/core';
import { pad } from '@calendar-events/core/internal';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Command, Option } from 'commander';
import pg from 'pg';
import { postgresCpuMs, processCpuMs } from './cpu.js';

const SITE = 'https://calendar.example';
const API_ROOT = `${SITE}/wp-json/tribe/events/v1`;
const HOST = 'calendar.example';

const details = (value: string) => {
  const [date, time] = value.split(' ') as [string, string];
  const [year, month, day] = date.split('-');
  const [hour, minutes, seconds] = time.split(':');
  return { year, month, day, hour, minutes, seconds };
};
const globalIds = (id: number) => ({
  global_id: `${HOST}?id=${id}`,
  global_id_lineage: [`${HOST}?id=${id}`],
});

function postFields(id: number, type: string, slug: string, modified: string) {
  return {
    id,
    author: '1',
    status: 'publish',
    date: '2026-01-05 10:00:00',
    date_utc: '2026-01-05 10:00:00',
    modified,
    modified_utc: modified,
    url: `${SITE}/${type}/${slug}/`,
    slug,
    ...globalIds(id),
  };
}

/** A site of the plugin with `events` events, in the plugin's JSON (ids: terms from 1, posts from 1000). */
export function generatedSite(events: number): TecSnapshot {
  const categories: TecRecord[] = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    name: `Category ${i + 1}`,
    slug: `category-${i + 1}`,
    description: '',
    // Five top-level categories, each with five children.
    parent: i < 5 ? 0 : (i % 5) + 1,
    taxonomy: 'tribe_events_cat',
  }));
  const tags: TecRecord[] = Array.from({ length: 100 }, (_, i) => ({
    id: 31 + i,
    name: `tag ${i + 1}`,
    slug: `tag-${i + 1}`,
    description: '',
    taxonomy: 'post_tag',
  }));
  const venues: TecRecord[] = Array.from({ length: 500 }, (_, i) => ({
    ...postFields(1000 + i, 'venue', `venue-${i + 1}`, '2026-01-05 10:00:00'),
    venue: `Venue ${i + 1}`,
    address: `${i + 1} Main St`,
    city: ['Berlin', 'Hamburg', 'Munich', 'Cologne'][i % 4],
    country: 'Germany',
    zip: `1${String(i).padStart(4, '0')}`,
    show_map: true,
    show_map_link: true,
  }));
  const organizers: TecRecord[] = Array.from({ length: 200 }, (_, i) => ({
    ...postFields(1500 + i, 'organizer', `organizer-${i + 1}`, '2026-01-05 10:00:00'),
    organizer: `Organizer ${i + 1}`,
    email: `org${i + 1}@example.test`,
  }));
  const list: TecRecord[] = [];
  for (let i = 0; i < events; i++) {
    const id = 2000 + i;
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 700) * 86_400_000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    const start = `${date} ${pad(9 + (i % 10))}:00:00`;
    const end = `${date} ${pad(11 + (i % 10))}:00:00`;
    const draft = i % 50 === 0;
    const slug = draft ? '' : `event-${i + 1}`;
    const post = postFields(id, 'event', slug, '2026-01-06 12:00:00');
    list.push({
      ...post,
      ...(draft
        ? { status: 'draft', date_utc: '0000-00-00 00:00:00', modified_utc: '0000-00-00 00:00:00' }
        : {}),
      rest_url: `${API_ROOT}/events/${id}`,
      title: `Event ${i + 1} in the hall`,
      description: `<p>Event ${i + 1}: lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>`,
      excerpt: '',
      image:
        i % 3 === 0
          ? { url: `${SITE}/wp-content/uploads/event-${i + 1}.jpg`, id: 50_000 + i, width: 800, height: 600 }
          : false,
      all_day: false,
      start_date: start,
      start_date_details: details(start),
      end_date: end,
      end_date_details: details(end),
      utc_start_date: start,
      utc_start_date_details: details(start),
      utc_end_date: end,
      utc_end_date_details: details(end),
      timezone: 'UTC',
      timezone_abbr: 'UTC',
      cost: i % 4 === 0 ? '$10 – $25' : '',
      cost_details: {
        currency_symbol: '',
        currency_code: '',
        currency_position: '',
        values: i % 4 === 0 ? ['10', '25'] : [],
      },
      website: post.url,
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: i % 10 === 0,
      categories: [categories[i % 30]!],
      tags: [tags[i % 100]!, tags[(i * 7 + 3) % 100]!],
      venue: venues[i % 500]!,
      organizer: [organizers[i % 200]!],
      custom_fields: [],
    });
  }
  return {
    apiRoot: API_ROOT,
    events: list,
    venues,
    organizers,
    categories,
    tags,
    users: [{ id: 1, login: 'admin' }],
  };
}

/** The site with every tenth event changed at the source. */
function withChanges(site: TecSnapshot): TecSnapshot {
  return {
    ...site,
    events: site.events.map((event, index) =>
      index % 10 === 0
        ? { ...event, title: `${String(event.title)} (moved)`, modified_utc: '2026-02-01 08:00:00' }
        : event,
    ),
  };
}

interface Measured {
  database: string;
  run: 'create' | 'unchanged' | 'update';
  ms: number;
  cpu_ms: number;
  postgres_cpu_ms: number | null;
  created: number;
  updated: number;
  unchanged: number;
}

async function measure(
  name: string,
  database: CalendarDatabase,
  postgresName: string | undefined,
  site: TecSnapshot,
): Promise<Measured[]> {
  await database.migrate();
  await createUser(database.kysely, { login: 'admin', role: 'administrator' });
  const out: Measured[] = [];
  for (const [run, snapshot] of [
    ['create', site],
    ['unchanged', site],
    ['update', withChanges(site)],
  ] as const) {
    const [cpu, pgCpu, started] = [
      processCpuMs(),
      postgresName ? postgresCpuMs(postgresName) : undefined,
      performance.now(),
    ];
    const report = await importTecSnapshot(database, snapshot, { fallbackAuthor: 'admin' });
    const ms = performance.now() - started;
    const pgAfter = postgresName ? postgresCpuMs(postgresName) : undefined;
    out.push({
      database: name,
      run,
      ms: Math.round(ms),
      cpu_ms: Math.round(processCpuMs() - cpu),
      postgres_cpu_ms: pgCpu !== undefined && pgAfter !== undefined ? Math.round(pgAfter - pgCpu) : null,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
    });
    process.stderr.write(`${name} ${run}: ${Math.round(ms)} ms\n`);
  }
  return out;
}

async function main() {
  const program = new Command('tec-writer')
    .addOption(new Option('--events <n>', 'events of the generated site').default('10000'))
    .addOption(new Option('--databases <list>', 'sqlite, postgres or both').default('sqlite,postgres'))
    .addOption(
      new Option('--postgres-url <url>', 'a server where a scratch database may be created').default(
        'postgres://postgres@127.0.0.1:5432/postgres',
      ),
    )
    .parse();
  const options = program.opts<{ events: string; databases: string; postgresUrl: string }>();
  const site = generatedSite(Number(options.events));
  const results: Measured[] = [];
  const load = loadavg()[0];
  for (const kind of options.databases.split(',')) {
    if (kind === 'sqlite') {
      const folder = await mkdtemp(join(tmpdir(), 'tec-writer-bench-'));
      const database = createSqliteDatabase(join(folder, 'calendar.db'));
      try {
        results.push(...(await measure('sqlite', database, undefined, site)));
      } finally {
        await database.destroy();
        await rm(folder, { recursive: true, force: true });
      }
    } else if (kind === 'postgres') {
      const name = `tec_import_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: options.postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(options.postgresUrl);
      url.pathname = `/${name}`;
      const database = createPostgresDatabase({ connectionString: url.toString() });
      try {
        results.push(...(await measure('postgres', database, name, site)));
      } finally {
        await database.destroy();
        await admin.query(`drop database ${name}`);
        await admin.end();
      }
    } else throw new Error(`Unknown database "${kind}": use sqlite, postgres or both.`);
  }
  process.stdout.write(
    `${JSON.stringify({ events: site.events.length, load_average: [load, loadavg()[0]], results }, null, 2)}\n`,
  );
}

await main();
