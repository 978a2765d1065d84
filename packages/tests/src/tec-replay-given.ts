/**
 * Rebuilding what a recorded scenario had made before its decided step (`contract/tec-decided-replay.test.ts`):
 * terms, venues, organizers and events as the plugin's answer shows them, named after the placeholders they
 * resolve.
 */
import type { TestService } from './service.js';
import { type DecidedFile, type DecidedStep, type Json, relativeDay } from './tec-replay.js';

export interface Context {
  service: TestService;
  tok: string;
  /** Placeholder name → value (`cat` → a category id, `et.slug` → a slug). */
  records: Record<string, string | number>;
}

export function first(file: DecidedFile): DecidedStep {
  const step = file.steps[0];
  if (!step) throw new Error(`${file.name} has no step`);
  return step;
}

export async function write(context: Context, method: string, path: string, json?: Json): Promise<Json> {
  const res = await context.service.request(method, path, { json, as: 'admin' });
  if (res.status >= 300)
    throw new Error(`given: ${method} ${path} → ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
}

/** A term of `collection`, found or made by name (and slug); `Cat <tok> <x>` is recorded as `{x}`. */
export async function term(
  context: Context,
  collection: string,
  name: string,
  extra: Json = {},
): Promise<number> {
  const key = name.startsWith(`Cat ${context.tok} `) ? name.slice(`Cat ${context.tok} `.length) : undefined;
  const cached = key === undefined ? undefined : context.records[key];
  if (typeof cached === 'number') return cached;
  const found = await context.service.request('GET', `/${collection}`, {
    query: { search: name },
    as: 'admin',
  });
  const existing = (found.json?.[collection] ?? []).find((t: Json) => t.name === name);
  const id: number = existing?.id ?? (await write(context, 'POST', `/${collection}`, { name, ...extra })).id;
  if (key !== undefined) context.records[key] = id;
  return id;
}

export const pick = (record: Json, keys: string[]) =>
  Object.fromEntries(
    keys.filter((k) => record?.[k] !== undefined && record[k] !== '').map((k) => [k, record[k]]),
  );

export const VENUE_FIELDS = [
  'venue',
  'description',
  'slug',
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'show_map',
  'show_map_link',
];
export const ORGANIZER_FIELDS = ['organizer', 'description', 'slug', 'phone', 'website', 'email'];
const EVENT_FIELDS = [
  'title',
  'slug',
  'description',
  'excerpt',
  'start_date',
  'end_date',
  'all_day',
  'timezone',
  'featured',
  'sticky',
  'hide_from_listings',
  'show_map',
  'show_map_link',
];

/**
 * Recreates the events a recorded list shows (with their venue, organizers and terms), trashing the trashed;
 * answers the events made.
 */
export async function seedEvents(context: Context, events: Json[]): Promise<Json[]> {
  const made: Json[] = [];
  for (const event of events) {
    const categories = [];
    for (const c of event.categories)
      categories.push(await term(context, 'categories', c.name, { slug: c.slug }));
    const tags = [];
    for (const t of event.tags) tags.push(await term(context, 'tags', t.name, { slug: t.slug }));
    const venue = event.venue?.venue
      ? (await write(context, 'POST', '/venues', pick(event.venue, VENUE_FIELDS))).id
      : undefined;
    const organizer = [];
    for (const o of event.organizer ?? [])
      organizer.push((await write(context, 'POST', '/organizers', pick(o, ORGANIZER_FIELDS))).id);
    // A trashed event was made under its own slug: trashing renames it (SPEC §14).
    const slug = String(event.slug).replace(/__trashed$/, '');
    const body = { ...pick(event, EVENT_FIELDS), slug, categories, tags, venue, organizer };
    // A cost shown with the site's default symbol was sent without one (SPEC §14): send its values.
    const { currency_symbol: symbol, values } = event.cost_details ?? {};
    if (event.cost) Object.assign(body, { cost: symbol === '' ? values.join(' - ') : event.cost });
    if (event.status !== 'publish' && event.status !== 'trash') Object.assign(body, { status: event.status });
    // No website shows the event's page; an empty one (the plugin's update empties it) is kept empty.
    if (event.website !== event.url) Object.assign(body, { website: event.website });
    const created = await write(context, 'POST', '/events', body);
    if (event.status === 'trash') await write(context, 'DELETE', `/events/${created.id}`);
    made.push(created);
  }
  return made;
}

/**
 * Events the scenario had made outside what the answer shows (past ones, the step's own): the recorded `count`
 * of each term the answer's events show, less the events linked to it here and `own` (the answer's own event,
 * not made yet), is made up with published events a month before the recording, outside every window.
 */
export async function padCounts(context: Context, answer: Json, own = 0): Promise<void> {
  const events: Json[] = answer.events ?? [answer];
  const terms = new Map<string, { collection: string; name: string; count: number }>();
  for (const event of events)
    for (const collection of ['categories', 'tags'])
      for (const t of event[collection] ?? [])
        terms.set(`${collection}:${t.name}`, { collection, name: t.name, count: t.count });
  for (const { collection, name, count } of terms.values()) {
    const id = await term(context, collection, name);
    const now = await context.service.request('GET', `/${collection}/${id}`, { as: 'admin' });
    for (let i = now.json.count + own; i < count; i++)
      await write(context, 'POST', '/events', {
        title: `Ev ${context.tok} earlier ${collection} ${i}`,
        start_date: `${relativeDay(-30)} 10:00:00`,
        end_date: `${relativeDay(-30)} 12:00:00`,
        [collection]: [id],
      });
  }
}
