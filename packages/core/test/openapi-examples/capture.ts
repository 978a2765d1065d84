/**
 * Writes src/openapi/examples.json: an answer (and, for writes, a request body) per route, taken from a real
 * run of the service over an in-memory SQLite database with a fixed clock, so every example is one the
 * service itself gives (dates that exist, a realistic event). Lists are cut to one item and the two discovery
 * answers to a few entries. Run it again when an answer's shape changes (openapi-examples.test.ts says when):
 *   node --conditions=@calendar-events/source --import tsx packages/core/test/openapi-examples/capture.ts
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type CoreRequest, createApiKey, createCalendarCore, createUser, textOf } from '../../src/index.js';
import { createSqliteDatabase } from '../../src/sqlite.js';

const HOST = 'calendar.example';
const database = createSqliteDatabase(':memory:');
await database.migrate();
let now = new Date('2026-03-10T12:00:00Z');
const core = createCalendarCore({
  database,
  siteUrl: `https://${HOST}`,
  siteName: 'Kulturkalender Bonn',
  currencySymbol: '€',
  currencyPosition: 'postfix',
  timezone: 'Europe/Berlin',
  clock: () => new Date(now),
  horizonKeeper: false,
  changePruner: false,
  webhookDeliverer: false,
  compression: false,
});
await createUser(database.kysely, { login: 'editor', role: 'administrator', displayName: 'Eva Editor' });
const key = await createApiKey(database.kysely, 'editor', 'examples');

type Examples = Record<string, { request?: unknown; response: unknown }>;
const examples: Examples = {};

async function call(route: string, method: string, path: string, body?: unknown, keep = true) {
  now = new Date(now.getTime() + 60_000);
  const request: CoreRequest = {
    method,
    url: `${core.namespacePath()}${path}`,
    mountPath: '',
    headers: {
      host: HOST,
      authorization: `Bearer ${key}`,
      ...(body !== undefined
        ? {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(JSON.stringify(body))),
          }
        : {}),
    },
    ...(body !== undefined ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
  };
  const response = await core.handle(request);
  const text = textOf(response) ?? '';
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  const json = (response.headers['Content-Type'] ?? '').startsWith('application/json');
  const answer = json ? JSON.parse(text) : text;
  if (keep) examples[route] = { ...(body !== undefined ? { request: body } : {}), response: answer };
  return answer;
}

const oneItem = (list: Record<string, unknown>, key: string) => ({
  ...list,
  [key]: (list[key] as unknown[]).slice(0, 1),
});

const start = await call('changes.list', 'GET', '/changes', undefined, false);
const music = await call('categories.create', 'POST', '/categories', {
  name: 'Music',
  description: 'Concerts, recitals and open rehearsals.',
});
await call('categories.read', 'GET', `/categories/${music.id}`);
await call('categories.update', 'PATCH', `/categories/${music.id}`, {
  description: 'Concerts, recitals and open rehearsals in and around Bonn.',
});
const family = await call('tags.create', 'POST', '/tags', { name: 'Family friendly' });
await call('tags.read', 'GET', `/tags/${family.id}`);
await call('tags.update', 'PATCH', `/tags/${family.id}`, { description: 'Children welcome; free under 12.' });
const venue = await call('venues.create', 'POST', '/venues', {
  venue: 'Beethoven-Haus, Kammermusiksaal',
  address: 'Bonngasse 24-26',
  city: 'Bonn',
  zip: '53111',
  country: 'Germany',
  phone: '+49 228 981750',
  website: 'https://www.beethoven.de',
});
await call('venues.read', 'GET', `/venues/${venue.id}`);
await call('venues.read-by-slug', 'GET', `/venues/by-slug/${venue.slug}`);
await call('venues.update', 'PATCH', `/venues/${venue.id}`, { phone: '+49 228 9817525' });
const organizer = await call('organizers.create', 'POST', '/organizers', {
  organizer: 'Bonner Kammermusikverein',
  email: 'tickets@kammermusik-bonn.example',
  website: 'https://kammermusik-bonn.example',
});
await call('organizers.read', 'GET', `/organizers/${organizer.id}`);
await call('organizers.read-by-slug', 'GET', `/organizers/by-slug/${organizer.slug}`);
await call('organizers.update', 'PATCH', `/organizers/${organizer.id}`, { phone: '+49 228 123456' });
const event = await call('events.create', 'POST', '/events', {
  title: 'String Quartet Evening: Beethoven op. 131',
  description:
    '<p>The Auryn-inspired young quartet plays Beethoven’s String Quartet in C-sharp minor, op. 131, after a short introduction.</p>',
  excerpt: 'Beethoven’s op. 131 in the chamber music hall.',
  start_date: '2026-04-17 19:30:00',
  end_date: '2026-04-17 21:30:00',
  timezone: 'Europe/Berlin',
  venue: venue.id,
  organizer: [organizer.id],
  categories: [music.id],
  tags: [family.id],
  cost: '25',
  website: 'https://kammermusik-bonn.example/op131',
});
await call('events.read', 'GET', `/events/${event.id}`);
await call('events.read-by-slug', 'GET', `/events/by-slug/${event.slug}`);
await call('events.update', 'PATCH', `/events/${event.id}`, { cost: '25 – 30' });
await call('events.feed-one', 'GET', `/events/${event.id}/ical`);
await call('events.feed', 'GET', '/events/ical?start_date=2026-04-01&per_page=1');
await call(
  'events.calendar',
  'GET',
  '/events/calendar?start=2026-04-01&end=2026-05-01&timeZone=Europe/Berlin',
);
const ics = examples['events.feed-one']!.response as string;
await call('events.import', 'POST', '/events/import', { calendar: ics });

const lists: Array<[string, string, string]> = [
  ['events.list', '/events?start_date=2026-04-01', 'events'],
  ['venues.list', '/venues', 'venues'],
  ['organizers.list', '/organizers', 'organizers'],
  ['categories.list', '/categories', 'categories'],
  ['tags.list', '/tags', 'tags'],
];
for (const [route, path, items] of lists)
  examples[route] = { response: oneItem(await call(route, 'GET', path), items) };

const rehearsal = await call(
  'events.delete',
  'POST',
  '/events',
  {
    title: 'Open rehearsal',
    start_date: '2026-04-16 17:00:00',
    end_date: '2026-04-16 18:00:00',
    timezone: 'Europe/Berlin',
  },
  false,
);
await call('events.delete', 'DELETE', `/events/${rehearsal.id}`);
const hall = await call('venues.delete', 'POST', '/venues', { venue: 'Old Town Hall' }, false);
await call('venues.delete', 'DELETE', `/venues/${hall.id}`);
const club = await call('organizers.delete', 'POST', '/organizers', { organizer: 'Jazz Club' }, false);
await call('organizers.delete', 'DELETE', `/organizers/${club.id}`);
const jazz = await call('categories.delete', 'POST', '/categories', { name: 'Jazz' }, false);
await call('categories.delete', 'DELETE', `/categories/${jazz.id}?force=true`);
const rain = await call('tags.delete', 'POST', '/tags', { name: 'Rain or shine' }, false);
await call('tags.delete', 'DELETE', `/tags/${rain.id}?force=true`);

const hook = await call('webhooks.create', 'POST', '/webhooks', {
  url: 'https://93.184.215.14/calendar-hooks',
  types: ['event', 'venue'],
  description: 'Newsletter sync',
});
await call('webhooks.read', 'GET', `/webhooks/${hook.id}`);
await call('webhooks.list', 'GET', '/webhooks');
await call('webhooks.update', 'PATCH', `/webhooks/${hook.id}`, { description: 'Newsletter and print sync' });
await call('webhooks.deliveries', 'GET', `/webhooks/${hook.id}/deliveries`);
await call('webhooks.replay', 'POST', `/webhooks/${hook.id}/replay`, { since: start.next_token });
await call('webhooks.delete', 'DELETE', `/webhooks/${hook.id}`);

examples['changes.list'] = {
  response: await call('changes.list', 'GET', `/changes?since=${start.next_token}&limit=2`, undefined, false),
};
const [change] = (examples['changes.list'].response as { changes: Array<{ token: string }> }).changes;
examples['changes.stream'] = {
  response: `retry: 2000\n\nevent: position\nid: ${start.next_token}\ndata: {"next_token":"${start.next_token}"}\n\nid: ${change!.token}\ndata: ${JSON.stringify(change)}\n\n`,
};

const index = await call('index', 'GET', '/', undefined, false);
const routeNames = Object.keys(index.routes).slice(0, 2);
examples.index = {
  response: { ...index, routes: Object.fromEntries(routeNames.map((name) => [name, index.routes[name]])) },
};
const doc = await call('doc', 'GET', '/doc', undefined, false);
examples.doc = {
  response: { openapi: doc.openapi, info: doc.info, servers: doc.servers, paths: {}, components: {} },
};

await core.close();
const file = fileURLToPath(new URL('../../src/openapi/examples.json', import.meta.url));
await writeFile(file, `${JSON.stringify(examples, null, 2)}\n`);
console.log(`wrote ${Object.keys(examples).length} examples to ${file}`);
