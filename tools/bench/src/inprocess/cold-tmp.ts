import { createCalendarCore } from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
const database = createPostgresDatabase({ connectionString: 'postgres://postgres@127.0.0.1:5432/calendar_bench_series20' });
const core = createCalendarCore({ database });
await core.handle({ method: 'GET', url: '/calendar/events/v1/events', mountPath: '', headers: { host: 'x.invalid' } });
const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
for (let round = 0; round < 3; round++) {
  const t0 = Number(process.hrtime.bigint() / 1000n);
  const p = performance.now();
  const response = await core.handle({ method: 'POST', url: '/calendar/events/v1/events', mountPath: '', headers: { host: 'x.invalid', authorization: `Bearer ${process.env.KEY}`, 'content-type': 'application/json' }, body: { kind: 'raw', data: JSON.stringify({ title: `Cold ${round}`, description: '<p>x</p>', start_date: `${start} 19:3${round}:00`, end_date: `${start} 21:3${round}:00`, timezone: 'Europe/Berlin', venue: 1, organizer: [2001], categories: ['concerts'], tags: ['music-of-the-baroque'], status: 'publish', recurrence: ['RRULE:FREQ=DAILY'] }) } });
  const ms = performance.now() - p;
  const t1 = Number(process.hrtime.bigint() / 1000n);
  const id = JSON.parse(response.body as string).id;
  console.log(JSON.stringify({ round, ms, status: response.status, window: [t0, t1] }));
  for (const q of ['', '?force=true']) await core.handle({ method: 'DELETE', url: `/calendar/events/v1/events/${id}${q}`, mountPath: '', headers: { host: 'x.invalid', authorization: `Bearer ${process.env.KEY}` } });
}
await core.close();
