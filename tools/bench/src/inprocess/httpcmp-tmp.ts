import { startServer } from '@calendar-events/server';
const key = process.env.KEY!;
const server = await startServer({ port: 0, database: 'postgres://postgres@127.0.0.1:5432/calendar_bench_series20' });
const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const base = `${server.url}/calendar/events/v1`;
const times: Record<string, number[]> = { http: [], core: [] };
let minute = Number(process.env.MIN0 ?? 0);
const body = () => { const m = String(minute++ % 60).padStart(2, '0'); return JSON.stringify({ title: 'Cmp', description: '<p>x</p>', start_date: `${start} 19:${m}:00`, end_date: `${start} 21:${m}:00`, timezone: 'Europe/Berlin', venue: 1, organizer: [2001, 2002], categories: ['concerts', 'jazz'], tags: ['music-of-the-baroque'], status: 'publish', recurrence: ['RRULE:FREQ=DAILY'] }); };
const headers = { host: 'x.invalid', authorization: `Bearer ${key}`, 'content-type': 'application/json' };
for (let round = 0; round < 24; round++) {
  const way = round % 2 === 0 ? 'http' : 'core';
  const t = performance.now();
  let id: number;
  if (way === 'http') {
    const res = await fetch(`${base}/events`, { method: 'POST', headers, body: body() });
    id = JSON.parse(await res.text()).id;
  } else {
    const res = await server.core.handle({ method: 'POST', url: '/calendar/events/v1/events', mountPath: '', headers, body: { kind: 'raw', data: body() } });
    id = JSON.parse(res.body as string).id;
  }
  const ms = performance.now() - t;
  if (round >= 2) times[way]!.push(ms);
  for (const q of ['', '?force=true']) await server.core.handle({ method: 'DELETE', url: `/calendar/events/v1/events/${id}${q}`, mountPath: '', headers });
  await new Promise((r) => setTimeout(r, 100));
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1);
console.log('http median', med(times.http!), 'core median', med(times.core!));
await server.close();
