import { createCalendarCore } from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { createApiKey, createUser } from '../../../core/src/resources/users/repository.js';
import { createTestSchema, TEST_PG_URL } from '../databases.js';
import { apiRequest } from '../requests.js';

const which = process.argv[2] ?? 'postgres';
const statements: { sql: string; ms: number }[] = [];
let recording = false;
const onQuery = (sql: string, _p: readonly unknown[], ms: number) => {
  if (recording) statements.push({ sql, ms });
};
const schema = which === 'postgres' ? await createTestSchema() : undefined;
const database =
  which === 'postgres'
    ? createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema!.schema, max: 10, onQuery })
    : createSqliteDatabase(`/tmp/zz-${process.pid}.db`, { onQuery });
await database.migrate();
await createUser(database.kysely, { login: 'admin', role: 'administrator' });
const key = await createApiKey(database.kysely, 'admin');
const core = createCalendarCore({ database });
const send = async (method: string, path: string, body?: unknown) => {
  const r = await core.handle(apiRequest(method, path, { key, body }));
  return { status: r.status, json: r.body ? JSON.parse(String(r.body)) : undefined };
};
const venue = (await send('POST', '/venues', { venue: 'Hall', city: 'Paris' })).json.id;
const org = (await send('POST', '/organizers', { organizer: 'Org' })).json.id;
const cat = (await send('POST', '/categories', { name: 'Music' })).json.id;
const tag = (await send('POST', '/tags', { name: 'Jazz' })).json.id;
let n = 0;
const body = () => ({
  title: `Reading ${++n}`,
  description: '<p>Created</p>',
  excerpt: 'x',
  timezone: 'Europe/Paris',
  venue,
  show_map: true,
  organizer: [org],
  categories: [cat],
  tags: [tag],
  cost: '12',
  status: 'publish',
  start_date: '2027-03-01 19:00:00',
  end_date: '2027-03-01 21:00:00',
});
for (let i = 0; i < 20; i++) await send('POST', '/events', body());
recording = true;
const t0 = performance.now();
const r = await send('POST', '/events', body());
const t1 = performance.now();
recording = false;
console.log('status', r.status, 'ms', (t1 - t0).toFixed(2), 'statements', statements.length);
for (const s of statements) console.log(s.ms.toFixed(2), s.sql.replace(/\s+/g, ' ').slice(0, 160));
// serial throughput
const N = Number(process.argv[3] ?? 200);
let t = performance.now();
statements.length = 0;
recording = true;
for (let i = 0; i < N; i++) await send('POST', '/events', body());
recording = false;
const agg = new Map<string, number>();
for (const s of statements) {
  const k = s.sql.replace(/\s+/g, ' ').slice(0, 90);
  agg.set(k, (agg.get(k) ?? 0) + s.ms);
}
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 8))
  console.log('avg', (v / N).toFixed(3), k);
console.log('serial creates/s', (N / ((performance.now() - t) / 1000)).toFixed(1));
t = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: 10 }, async () => {
    for (let i = 0; i < N / 10; i++) {
      const x = await send('POST', '/events', body());
      if (x.status !== 201) console.log(x.status, JSON.stringify(x.json));
    }
  }),
);
console.log('10 concurrent creates/s', (N / ((performance.now() - t) / 1000)).toFixed(1));
const cpu = process.cpuUsage(cpu0);
console.log('node cpu ms per create', ((cpu.user + cpu.system) / 1000 / N).toFixed(2));
await database.destroy();
await schema?.drop();
