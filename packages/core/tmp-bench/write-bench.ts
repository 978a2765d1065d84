import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { createCalendarCore } from '../src/index.ts';
import { createPostgresDatabase } from '../src/postgres.ts';
import { createSqliteDatabase } from '../src/sqlite.ts';

const mode = process.argv[2] ?? 'full'; // full | notriggers
const dialect = process.argv[3] ?? 'sqlite';
const n = Number(process.argv[4] ?? 600);
let database;
if (dialect === 'sqlite') {
  rmSync('/tmp/wb.db', { force: true });
  rmSync('/tmp/wb.db-wal', { force: true });
  rmSync('/tmp/wb.db-shm', { force: true });
  database = createSqliteDatabase('/tmp/wb.db');
} else {
  const { default: pg } = await import('pg');
  const c = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
  await c.connect();
  await c.query('drop database if exists wbench');
  await c.query('create database wbench');
  await c.end();
  database = createPostgresDatabase({
    connectionString: 'postgres://postgres@127.0.0.1:5432/wbench',
  } as never);
}
await database.migrate();
if (mode === 'noeventspart') {
  await sql
    .raw(
      dialect === 'sqlite'
        ? 'drop trigger events_insert_logs_change'
        : 'drop trigger events_insert_logs_change on events',
    )
    .execute(database.kysely);
}
if (mode === 'notriggers') {
  const names =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type='trigger' and name like '%logs_change'`.execute(
            database.kysely,
          )
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
            tbl: string;
          }>`select tgname as name, relname as tbl from pg_trigger join pg_class on pg_class.oid=tgrelid where tgname like '%logs_change'`.execute(
            database.kysely,
          )
        ).rows.map((r) => `${r.name}" on "${(r as any).tbl}`);
  for (const name of names) await sql.raw(`drop trigger "${name}"`).execute(database.kysely);
  console.log('dropped', names.length);
}
const core = createCalendarCore({
  database,
  timezone: 'Europe/Berlin',
  horizonKeeper: false,
  changePruner: false,
} as never);
const { createApiKey, createUser } = await import('../src/index.ts');
await createUser(database.kysely, { login: 'admin', role: 'administrator' });
const key = await createApiKey(database.kysely, 'admin');
const call = async (method: string, path: string, body?: unknown) => {
  const r = await core.handle({
    method,
    url: `/calendar/events/v1${path}`,
    mountPath: '',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : { kind: 'raw', data: JSON.stringify(body) },
  });
  if (r.status >= 300) throw new Error(`${r.status} ${Buffer.from(r.body as Uint8Array).toString()}`);
  return JSON.parse(Buffer.from(r.body as Uint8Array).toString());
};
const venue = await call('POST', '/venues', { venue: 'Hall', city: 'Berlin' });
const org = await call('POST', '/organizers', { organizer: 'Org' });
const cat = await call('POST', '/categories', { name: 'Cat' });
const tag = await call('POST', '/tags', { name: 'Tag' });
const body = (i: number) => ({
  title: `Reading ${i}`,
  description: '<p>Created.</p><p>Seats are limited.</p>',
  excerpt: 'A reading.',
  venue: venue.id,
  organizer: [org.id],
  categories: [cat.id],
  tags: [tag.id],
  cost: '12',
  status: 'publish',
  show_map: true,
  show_map_link: true,
  start_date: '2027-03-01 19:00:00',
  end_date: '2027-03-01 21:00:00',
});
for (let i = 0; i < 100; i++) await call('POST', '/events', body(i));
const conc = Number(process.env.CONC ?? 10);
let next = 0;
const t0 = performance.now();
const c0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: conc }, async () => {
    while (next < n) {
      const i = next++;
      await call('POST', '/events', body(1000 + i));
    }
  }),
);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(c0);
const cpuMsPer = (cpu.user + cpu.system) / 1000 / n;
const ids: number[] = [];
let series = 0;
if (process.env.SERIES) {
  const t1 = performance.now();
  for (let i = 0; i < 3; i++)
    await call('POST', '/events', { ...body(9000 + i), recurrence: ['RRULE:FREQ=DAILY'] });
  series = (performance.now() - t1) / 3;
}
console.log(
  JSON.stringify({
    mode,
    dialect,
    n,
    perSecond: Math.round((n / ms) * 1000),
    cpuMsPer: cpuMsPer.toFixed(3),
    seriesMs: Math.round(series),
  }),
);
await core.close();
