import { createCalendarCore, createUser, textOf } from '../src/index.js';
import { createSqliteDatabase } from '../src/sqlite.js';
import { connectDatabase } from '../src/db/connect.js';

async function run(url: string) {
  const stats = new Map<string, [number, number]>();
  const onQuery = (sql: string, _p: readonly unknown[], ms: number) => { const k = sql.slice(0, 60); const v = stats.get(k) ?? [0, 0]; v[0]++; v[1] += ms; stats.set(k, v); };
  const database = url === 'sqlite' ? createSqliteDatabase(`/tmp/series-${Date.now()}.db`, { onQuery }) : await (await import('../src/db/postgres.js')).createPostgresDatabase({ connectionString: url, onQuery } as never);
  await database.migrate();
  const core = createCalendarCore({ database, authenticate: () => ({ userId: 1, role: 'administrator' }) as never } as never);
  await (core as any).ready?.();
  try { await createUser(database.kysely as never, { login: 'admin', displayName: 'Admin', role: 'administrator' } as never); } catch (e) { console.log('user', (e as Error).message); }
  for (let i = 0; i < 6; i++) {
    stats.clear();
    const t = performance.now();
    const res = await core.handle({ method: 'POST', mountPath: '', url: '/calendar/events/v1/events', headers: { 'content-type': 'application/json' }, body: { kind: 'parsed', value: { title: `Daily ${i}`, start_date: `2026-12-0${i + 1} 19:1${i}:00`, end_date: `2026-12-0${i + 1} 20:4${i}:00`, timezone: 'Europe/Berlin', categories: ['Music', 'Jazz'], organizer: [{ organizer: 'Org' }], venue: { venue: 'Hall', city: 'Berlin' }, recurrence: ['RRULE:FREQ=DAILY'] } } } as never);
    const ms = performance.now() - t;
    console.log(url.slice(0, 8), res.status, ms.toFixed(1), 'ms', res.status !== 201 ? textOf(res)?.slice(0, 300) : '');
  }
  console.log([...stats].sort((a, b) => b[1][1] - a[1][1]).slice(0, 14).map(([k, [n, ms]]) => `${ms.toFixed(1).padStart(7)} ms ${String(n).padStart(4)}x ${k}`).join('\n'));
  await core.close?.();
}
await run('sqlite');
await run(process.env.PG ?? '');
