/**
 * The demo calendar of `serve --demo` (SPEC §13): venues in several cities with coordinates, organizers,
 * categories, tags and about forty events over the coming months, with German translations. Everything is
 * written through `core.handle`, as a client would, so the demo also exercises the API. The data depend only on
 * `now`, so two databases seeded with the same `now` are identical.
 */
import {
  type CalendarCore,
  type CoreResponse,
  createApiKey,
  createUser,
  findUserByLogin,
  textOf,
} from '@calendar-events/core';
import { CATEGORIES, ORGANIZERS, TAGS, TEMPLATES, VENUES } from './demo-data.js';

export const DEMO_ADMIN_LOGIN = 'demo-admin';

export interface DemoSeedOptions {
  /** The moment the demo's dates are relative to (default: the real time). */
  now?: Date;
}

export interface DemoSeedResult {
  /** False when the database already had records, so nothing was added. */
  seeded: boolean;
  /** A new key of the `demo-admin` administrator; only when the demo was seeded. */
  administratorKey?: string;
  counts: { venues: number; organizers: number; categories: number; tags: number; events: number };
}

/** A small deterministic random source (mulberry32), so the demo is the same for the same `now`. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of the calendar day `days` after `now`'s UTC date. */
function dayAfter(now: Date, days: number): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS`: a wall time in the event's own zone, so no zone arithmetic is needed here. */
function wallTime(now: Date, days: number, hours: number): string {
  const minutes = Math.round(hours * 60);
  const extraDays = Math.floor(minutes / (24 * 60));
  const inDay = minutes - extraDays * 24 * 60;
  return `${dayAfter(now, days + extraDays)} ${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}:00`;
}

/**
 * Seeds the demo calendar when the database has no records yet, as the `demo-admin` administrator (created if
 * missing, with a new key). Throws, with the status and body, if any request is not answered 200 or 201.
 */
export async function seedDemoCalendar(
  core: CalendarCore,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const counts = { venues: 0, organizers: 0, categories: 0, tags: 0, events: 0 };
  const db = core.database.kysely;
  const existing = await db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false, counts };

  const now = options.now ?? new Date();
  if (!(await findUserByLogin(db, DEMO_ADMIN_LOGIN))) {
    await createUser(
      db,
      { login: DEMO_ADMIN_LOGIN, role: 'administrator', displayName: 'Demo Administrator' },
      now,
    );
  }
  const administratorKey = await createApiKey(db, DEMO_ADMIN_LOGIN, `demo-${now.getTime()}`, now);

  async function send(method: string, path: string, body: Record<string, unknown>): Promise<{ id: number }> {
    const response: CoreResponse = await core.handle({
      method,
      url: `${core.namespacePath()}${path}`,
      mountPath: '',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        authorization: `Bearer ${administratorKey}`,
      },
      body: { kind: 'raw', data: JSON.stringify(body) },
    });
    if (response.status !== 200 && response.status !== 201) {
      throw new Error(`demo data: ${method} ${path} answered ${response.status}: ${textOf(response) ?? ''}`);
    }
    return JSON.parse(textOf(response) ?? '{}') as { id: number };
  }

  for (const [name, nameDe, description] of CATEGORIES) {
    const { id } = await send('POST', '/categories', { name, description });
    await send('POST', `/categories/${id}`, { multilang_language: 'de', name: nameDe });
    counts.categories++;
  }
  for (const [name, nameDe] of TAGS) {
    const { id } = await send('POST', '/tags', { name });
    await send('POST', `/tags/${id}`, { multilang_language: 'de', name: nameDe });
    counts.tags++;
  }
  const venueIds: number[] = [];
  for (const { timezone: _timezone, ...venue } of VENUES) {
    venueIds.push((await send('POST', '/venues', venue)).id);
    counts.venues++;
  }
  const organizerIds: number[] = [];
  for (const organizer of ORGANIZERS) {
    organizerIds.push((await send('POST', '/organizers', organizer)).id);
    counts.organizers++;
  }

  const random = createRandom(20_240_601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (let index = 0; index < 40; index++) {
    const template = TEMPLATES[index % TEMPLATES.length]!;
    const days = 1 + Math.floor(random() * 150);
    const venueIndex = template.venues.length > 0 ? pick(template.venues) : undefined;
    const timezone = venueIndex === undefined ? 'UTC' : VENUES[venueIndex]!.timezone;
    const city = venueIndex === undefined ? undefined : VENUES[venueIndex]!.city;
    const event: Record<string, unknown> = {
      title: city ? `${template.title} (${city})` : template.title,
      description: template.description,
      excerpt: template.description.split(/[.:]/)[0],
      start_date: template.allDay ? `${dayAfter(now, days)} 00:00:00` : wallTime(now, days, template.hour),
      end_date: template.allDay
        ? `${dayAfter(now, days)} 23:59:59`
        : wallTime(now, days, template.hour + template.hours),
      timezone,
      all_day: template.allDay === true,
      cost: template.cost,
      featured: index % 9 === 0,
      categories: [template.category],
      tags: template.tags,
      organizer: template.organizers.map((i) => organizerIds[i]!),
    };
    if (venueIndex !== undefined) {
      event.venue = venueIds[venueIndex];
      // Events made through the API show no map unless asked (SPEC §14); the demo's venues have addresses.
      event.show_map = true;
      event.show_map_link = true;
    }
    if (index % 4 === 0) event.website = `https://events.example/${index + 1}`;
    const { id } = await send('POST', '/events', event);
    await send('POST', `/events/${id}`, {
      multilang_language: 'de',
      title: city ? `${template.titleDe} (${city})` : template.titleDe,
      description: template.descriptionDe,
    });
    counts.events++;
  }
  return { seeded: true, administratorKey, counts };
}
