import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { textOf } from '@calendar-events/core';
import { expect, it } from 'vitest';
import { runLibraryExample } from './main.js';

it('creates an event with core.handle and reads it back', async () => {
  const { created, read } = await runLibraryExample();
  expect(created.status).toBe(201);
  expect(read.status).toBe(200);
  const event = JSON.parse(textOf(read)!);
  expect(event).toMatchObject({
    title: 'Summer Jazz Night',
    start_date: '2030-07-04 19:30:00',
    timezone: 'Europe/Berlin',
    cost: '15 €',
    cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['15'] },
    url: 'https://example.org/event/summer-jazz-night/',
    rest_url: `http://api.example.org/calendar/events/v1/events/${event.id}`,
  });
  expect(event.categories.map((category: { name: string }) => category.name)).toEqual(['Concerts']);
  expect(created.headers.Location).toBe(event.rest_url);
});

it('runs as a script and prints both answers', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@calendar-events/source', '--import', 'tsx', 'src/main.ts'],
    { cwd: fileURLToPath(new URL('..', import.meta.url)) },
  );
  expect(stdout).toMatch(/^POST \/calendar\/events\/v1\/events → 201/m);
  expect(stdout).toMatch(/^GET {2}\/calendar\/events\/v1\/events\/\d+ → 200/m);
  expect(stdout).toContain('"title": "Summer Jazz Night"');
  expect(stdout).toContain('"cost": "15 €"');
});
