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

interface DemoVenue {
  venue: string;
  address: string;
  city: string;
  country: string;
  state?: string;
  zip: string;
  phone?: string;
  website?: string;
  geo_lat: number;
  geo_lng: number;
  timezone: string;
}

const VENUES: DemoVenue[] = [
  {
    venue: 'Konzerthaus Berlin',
    address: 'Gendarmenmarkt 2',
    city: 'Berlin',
    country: 'Germany',
    zip: '10117',
    phone: '+49 30 203090',
    website: 'https://www.konzerthaus.de',
    geo_lat: 52.5138,
    geo_lng: 13.3919,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Elbphilharmonie',
    address: 'Platz der Deutschen Einheit 1',
    city: 'Hamburg',
    country: 'Germany',
    zip: '20457',
    website: 'https://www.elbphilharmonie.de',
    geo_lat: 53.5413,
    geo_lng: 9.9841,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Stadtgarten',
    address: 'Venloer Straße 40',
    city: 'Köln',
    country: 'Germany',
    zip: '50672',
    geo_lat: 50.9412,
    geo_lng: 6.9392,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Gasteig HP8',
    address: 'Hans-Preißinger-Straße 8',
    city: 'München',
    country: 'Germany',
    state: 'Bayern',
    zip: '81379',
    geo_lat: 48.1146,
    geo_lng: 11.5483,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Porgy & Bess',
    address: 'Riemergasse 11',
    city: 'Wien',
    country: 'Austria',
    zip: '1010',
    phone: '+43 1 5128811',
    geo_lat: 48.2073,
    geo_lng: 16.3764,
    timezone: 'Europe/Vienna',
  },
  {
    venue: 'Kaufleuten',
    address: 'Pelikanstrasse 18',
    city: 'Zürich',
    country: 'Switzerland',
    zip: '8001',
    geo_lat: 47.3713,
    geo_lng: 8.5366,
    timezone: 'Europe/Zurich',
  },
  {
    venue: 'Barbican Centre',
    address: 'Silk Street',
    city: 'London',
    country: 'United Kingdom',
    zip: 'EC2Y 8DS',
    website: 'https://www.barbican.org.uk',
    geo_lat: 51.5202,
    geo_lng: -0.0938,
    timezone: 'Europe/London',
  },
];

const ORGANIZERS = [
  {
    organizer: 'Berliner Jazzverein',
    email: 'hello@jazzverein.example',
    phone: '+49 30 1234567',
    website: 'https://jazzverein.example',
  },
  { organizer: 'Hamburg Tech Meetup', email: 'team@hhtech.example', website: 'https://hhtech.example' },
  { organizer: 'Kulturbüro München', email: 'kultur@muenchen.example', phone: '+49 89 7654321' },
  {
    organizer: 'Alpine Film Society',
    email: 'films@alpine.example',
    website: 'https://alpine-films.example',
  },
  { organizer: 'Open Source Circle', email: 'circle@oss.example' },
];

/** English name, German name, description. */
const CATEGORIES: [string, string, string][] = [
  ['Concerts', 'Konzerte', 'Live music of every kind.'],
  ['Workshops', 'Workshops', 'Learn by doing, in small groups.'],
  ['Talks', 'Vorträge', 'Talks, readings and panel discussions.'],
  ['Film', 'Film', 'Screenings and festivals.'],
  ['Family', 'Familie', 'For children and their grown-ups.'],
  ['Food & Drink', 'Essen & Trinken', 'Tastings, markets and dinners.'],
];

const TAGS: [string, string][] = [
  ['jazz', 'Jazz'],
  ['classical', 'Klassik'],
  ['free entry', 'Eintritt frei'],
  ['outdoor', 'Draußen'],
  ['online', 'Online'],
  ['kids', 'Kinder'],
  ['beginners', 'Einsteiger'],
  ['networking', 'Networking'],
];

interface DemoEventTemplate {
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  category: string;
  tags: string[];
  /** Start time of day, and length in hours; `allDay` events ignore both. */
  hour: number;
  hours: number;
  allDay?: boolean;
  /**
   * As sent: amounts without a symbol show with the site's default currency (`--currency-symbol`, default
   * `$`); `Free` for no charge (a lone `0` is no cost at all, as in the plugin).
   */
  cost: string;
  organizers: number[];
  /** Indexes into VENUES this kind of event happens at; empty for events without a venue (online). */
  venues: number[];
}

const TEMPLATES: DemoEventTemplate[] = [
  {
    title: 'Late Night Jazz Session',
    titleDe: 'Jazz-Session am späten Abend',
    description: 'An open stage for improvisers: bring your instrument or just listen.',
    descriptionDe: 'Eine offene Bühne für Improvisation: Bring dein Instrument mit oder hör einfach zu.',
    category: 'Concerts',
    tags: ['jazz'],
    hour: 21,
    hours: 3,
    cost: '12',
    organizers: [0],
    venues: [0, 4, 2],
  },
  {
    title: 'Symphony No. 9',
    titleDe: 'Sinfonie Nr. 9',
    description: "Beethoven's Ninth with full choir, conducted by a guest from Vienna.",
    descriptionDe: 'Beethovens Neunte mit großem Chor, dirigiert von einem Gast aus Wien.',
    category: 'Concerts',
    tags: ['classical'],
    hour: 19,
    hours: 2,
    cost: '25 - 80',
    organizers: [2],
    venues: [1, 0, 6],
  },
  {
    title: 'TypeScript for Beginners',
    titleDe: 'TypeScript für Einsteiger',
    description: 'A hands-on workshop: types, generics and the compiler, with laptops.',
    descriptionDe: 'Ein praktischer Workshop: Typen, Generics und der Compiler, mit Laptops.',
    category: 'Workshops',
    tags: ['beginners', 'networking'],
    hour: 10,
    hours: 6,
    cost: 'Free',
    organizers: [1, 4],
    venues: [1, 3],
  },
  {
    title: 'Open Source Evening',
    titleDe: 'Open-Source-Abend',
    description: 'Short talks by maintainers, then pizza and pairing on first contributions.',
    descriptionDe:
      'Kurze Vorträge von Maintainern, danach Pizza und gemeinsames Arbeiten an ersten Beiträgen.',
    category: 'Talks',
    tags: ['free entry', 'networking'],
    hour: 18,
    hours: 3,
    cost: 'Free',
    organizers: [4],
    venues: [2, 3, 5],
  },
  {
    title: 'Mountain Film Night',
    titleDe: 'Bergfilmnacht',
    description: 'Three short films about climbing, skiing and the people of the Alps.',
    descriptionDe: 'Drei Kurzfilme über Klettern, Skifahren und die Menschen der Alpen.',
    category: 'Film',
    tags: ['outdoor'],
    hour: 20,
    hours: 2.5,
    cost: '15',
    organizers: [3],
    venues: [5, 3, 4],
  },
  {
    title: 'Family Concert: The Carnival of the Animals',
    titleDe: 'Familienkonzert: Der Karneval der Tiere',
    description: 'Saint-Saëns for ears of every age, with a narrator and a petting zoo of instruments.',
    descriptionDe: 'Saint-Saëns für Ohren jeden Alters, mit Erzähler und Instrumenten zum Ausprobieren.',
    category: 'Family',
    tags: ['classical', 'kids'],
    hour: 11,
    hours: 1.5,
    cost: '8',
    organizers: [2],
    venues: [0, 1],
  },
  {
    title: 'Street Food Market',
    titleDe: 'Streetfood-Markt',
    description: 'Thirty stalls, local brewers and a live band in the courtyard.',
    descriptionDe: 'Dreißig Stände, lokale Brauereien und eine Live-Band im Hof.',
    category: 'Food & Drink',
    tags: ['outdoor', 'free entry'],
    hour: 0,
    hours: 0,
    allDay: true,
    cost: '',
    organizers: [2],
    venues: [2, 3],
  },
  {
    title: 'Remote Work Q&A',
    titleDe: 'Fragestunde zur Remote-Arbeit',
    description: 'An online session on tools, habits and contracts for distributed teams.',
    descriptionDe: 'Eine Online-Sitzung über Werkzeuge, Gewohnheiten und Verträge für verteilte Teams.',
    category: 'Talks',
    tags: ['online', 'networking'],
    hour: 17,
    hours: 1,
    cost: 'Free',
    organizers: [1],
    venues: [],
  },
  {
    title: 'Wine Tasting: Grüner Veltliner',
    titleDe: 'Weinverkostung: Grüner Veltliner',
    description: 'Six wines from the Wachau, introduced by the winemakers.',
    descriptionDe: 'Sechs Weine aus der Wachau, vorgestellt von den Winzern.',
    category: 'Food & Drink',
    tags: [],
    hour: 19,
    hours: 2,
    cost: '35',
    organizers: [3],
    venues: [4],
  },
  {
    title: 'Coding Club for Kids',
    titleDe: 'Programmierclub für Kinder',
    description: 'Children from 8 build a small game; no experience needed.',
    descriptionDe: 'Kinder ab 8 bauen ein kleines Spiel; keine Vorkenntnisse nötig.',
    category: 'Workshops',
    tags: ['kids', 'beginners'],
    hour: 14,
    hours: 3,
    cost: 'Free',
    organizers: [4, 1],
    venues: [1, 2, 3],
  },
];

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
