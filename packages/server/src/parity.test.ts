/**
 * Adapter parity (SPEC §1): the standalone server on Express and on Fastify, over two databases seeded
 * identically (same fixed clock, same demo data), must answer the same requests with the same status, the same
 * headers (but `Date`) and the same body bytes.
 *
 * The list covers every route of seed §4.1 plus the error cases. Where core does not implement a behaviour yet,
 * both servers still answer alike (core's answer either way), so the check holds and grows with core.
 */
import { request as httpRequest } from 'node:http';
import { createApiKey, createUser } from '@calendar-events/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.js';

const NOW = new Date('2031-03-14T09:26:53Z');
/** Both servers build absolute URLs from this, so that bodies do not differ by port. */
const API_URL = 'http://calendar.test';
/** Stands in for an id no capture provided (an earlier request failed): any number keeps the path valid. */
const MISSING_ID = 987_654;

type Auth = 'admin' | 'subscriber' | 'bad-key' | 'none';

interface Exchange {
  status: number;
  headers: Record<string, string>;
  /** Header names as written on the wire (case kept), in order, without `Date`. */
  names: string[];
  text: string;
}

/** What earlier answers told us (ids and slugs to address), read from the Express side. */
type State = Record<string, string | number | undefined>;

interface Step {
  name: string;
  method: string;
  /** Under the server root; a function to use captured ids. */
  path: string | ((state: State) => string);
  auth?: Auth;
  headers?: Record<string, string> | ((state: State) => Record<string, string>);
  /** A JSON value (sent as application/json) or raw text with its own content type in `headers`. */
  json?: unknown;
  body?: string;
  capture?: (answer: Exchange, json: unknown, state: State) => void;
}

const ns = '/calendar/events/v1';
const de = '/de/calendar/events/v1';
const id = (state: State, key: string) => state[key] ?? MISSING_ID;
const slug = (state: State, key: string) => state[key] ?? 'no-such-slug';

function firstItem(json: unknown, listKey: string): { id?: number; slug?: string } | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const list = (json as Record<string, unknown>)[listKey];
  return Array.isArray(list) ? (list[0] as { id?: number; slug?: string }) : undefined;
}

function captureFirst(listKey: string, prefix: string) {
  return (_answer: Exchange, json: unknown, state: State) => {
    const item = firstItem(json, listKey);
    state[`${prefix}Id`] = item?.id;
    state[`${prefix}Slug`] = item?.slug;
  };
}

function captureCreated(prefix: string) {
  return (_answer: Exchange, json: unknown, state: State) => {
    const record = json as { id?: number; slug?: string } | undefined;
    state[`${prefix}Id`] = record?.id;
    state[`${prefix}Slug`] = record?.slug;
  };
}

const STEPS: Step[] = [
  // The namespace index and the interface description, on both addresses.
  {
    name: 'index',
    method: 'GET',
    path: ns,
    capture: (answer, _json, state) => {
      state.indexEtag = answer.headers.etag;
    },
  },
  { name: 'index, trailing slash', method: 'GET', path: `${ns}/` },
  { name: 'index, HEAD', method: 'HEAD', path: ns },
  { name: 'index, OPTIONS', method: 'OPTIONS', path: ns },
  {
    name: 'index, If-None-Match',
    method: 'GET',
    path: ns,
    headers: (state) => ({ 'if-none-match': String(state.indexEtag) }),
  },
  { name: 'index, German', method: 'GET', path: de },
  { name: 'index, bad language', method: 'GET', path: `${ns}?multilang_language=fr` },
  { name: 'doc', method: 'GET', path: `${ns}/doc` },
  { name: 'doc, German', method: 'GET', path: `${de}/doc` },

  // Lists and their filters.
  { name: 'events', method: 'GET', path: `${ns}/events`, capture: captureFirst('events', 'event') },
  { name: 'events, page 2 of 3', method: 'GET', path: `${ns}/events?per_page=3&page=2` },
  { name: 'events, page past the end', method: 'GET', path: `${ns}/events?page=999` },
  { name: 'events, per_page over the cap', method: 'GET', path: `${ns}/events?per_page=100` },
  { name: 'events, German', method: 'GET', path: `${de}/events?per_page=5` },
  { name: 'events, bad per_page', method: 'GET', path: `${ns}/events?per_page=abc` },
  { name: 'events, bad boolean', method: 'GET', path: `${ns}/events?featured=maybe` },
  { name: 'events, featured', method: 'GET', path: `${ns}/events?featured=true` },
  { name: 'events, category and tag', method: 'GET', path: `${ns}/events?categories=concerts&tags[]=jazz` },
  { name: 'events, unknown category', method: 'GET', path: `${ns}/events?categories=no-such-category` },
  { name: 'events, search', method: 'GET', path: `${ns}/events?search=jazz%20-family` },
  { name: 'events, dates', method: 'GET', path: `${ns}/events?start_date=tomorrow&end_date=%2B2%20months` },
  { name: 'events, bad date', method: 'GET', path: `${ns}/events?start_date=not%20a%20date` },
  { name: 'events, geoloc', method: 'GET', path: `${ns}/events?geoloc=true` },
  {
    name: 'events, near Berlin',
    method: 'GET',
    path: `${ns}/events?geoloc_lat=52.52&geoloc_lng=13.40&geoloc_radius=50`,
  },
  { name: 'events, half a point', method: 'GET', path: `${ns}/events?geoloc_lat=52.52` },
  { name: 'events, ticketed', method: 'GET', path: `${ns}/events?ticketed=true` },
  { name: 'events, drafts anonymously', method: 'GET', path: `${ns}/events?status=draft` },
  { name: 'events, drafts as admin', method: 'GET', path: `${ns}/events?status=draft`, auth: 'admin' },
  { name: 'events, include', method: 'GET', path: (s) => `${ns}/events?include=${id(s, 'eventId')},1` },
  { name: 'venues', method: 'GET', path: `${ns}/venues`, capture: captureFirst('venues', 'venue') },
  { name: 'venues, has_events', method: 'GET', path: `${ns}/venues?has_events=true&per_page=2` },
  {
    name: 'organizers',
    method: 'GET',
    path: `${ns}/organizers`,
    capture: captureFirst('organizers', 'organizer'),
  },
  {
    name: 'categories',
    method: 'GET',
    path: `${ns}/categories`,
    capture: captureFirst('categories', 'category'),
  },
  {
    name: 'categories, all',
    method: 'GET',
    path: `${ns}/categories?hide_empty=false&orderby=name&order=desc`,
  },
  { name: 'tags', method: 'GET', path: `${ns}/tags?per_page=3&page=2`, capture: captureFirst('tags', 'tag') },
  { name: 'tags, German', method: 'GET', path: `${de}/tags?hide_empty=0` },

  // Single reads by id and by slug.
  { name: 'event', method: 'GET', path: (s) => `${ns}/events/${id(s, 'eventId')}` },
  { name: 'event, German', method: 'GET', path: (s) => `${de}/events/${id(s, 'eventId')}` },
  { name: 'event by slug', method: 'GET', path: (s) => `${ns}/events/by-slug/${slug(s, 'eventSlug')}` },
  { name: 'event, HEAD', method: 'HEAD', path: (s) => `${ns}/events/${id(s, 'eventId')}` },
  { name: 'event, OPTIONS', method: 'OPTIONS', path: (s) => `${ns}/events/${id(s, 'eventId')}` },
  { name: 'event, unknown id', method: 'GET', path: `${ns}/events/${MISSING_ID}` },
  { name: 'event, a venue id', method: 'GET', path: (s) => `${ns}/events/${id(s, 'venueId')}` },
  { name: 'event, unknown slug', method: 'GET', path: `${ns}/events/by-slug/no-such-event` },
  { name: 'venue', method: 'GET', path: (s) => `${ns}/venues/${id(s, 'venueId')}` },
  { name: 'venue by slug', method: 'GET', path: (s) => `${ns}/venues/by-slug/${slug(s, 'venueSlug')}` },
  { name: 'organizer', method: 'GET', path: (s) => `${ns}/organizers/${id(s, 'organizerId')}` },
  {
    name: 'organizer by slug',
    method: 'GET',
    path: (s) => `${ns}/organizers/by-slug/${slug(s, 'organizerSlug')}`,
  },
  { name: 'category', method: 'GET', path: (s) => `${ns}/categories/${id(s, 'categoryId')}` },
  { name: 'tag', method: 'GET', path: (s) => `${ns}/tags/${id(s, 'tagId')}` },

  // Writes: create, update and delete each resource.
  {
    name: 'create category',
    method: 'POST',
    path: `${ns}/categories`,
    auth: 'admin',
    json: { name: 'Parity', description: 'Same on both' },
    capture: captureCreated('newCategory'),
  },
  {
    name: 'update category',
    method: 'PATCH',
    path: (s) => `${ns}/categories/${id(s, 'newCategoryId')}`,
    auth: 'admin',
    json: { description: 'Still the same' },
  },
  {
    name: 'translate category',
    method: 'PUT',
    path: (s) => `${ns}/categories/${id(s, 'newCategoryId')}`,
    auth: 'admin',
    json: { multilang_language: 'de', name: 'Gleichheit' },
  },
  {
    name: 'create tag (form)',
    method: 'POST',
    path: `${ns}/tags`,
    auth: 'admin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'name=parity&description=Tag',
    capture: captureCreated('newTag'),
  },
  {
    name: 'update tag',
    method: 'POST',
    path: (s) => `${ns}/tags/${id(s, 'newTagId')}`,
    auth: 'admin',
    json: { slug: 'parity-tag' },
  },
  {
    name: 'create venue',
    method: 'POST',
    path: `${ns}/venues`,
    auth: 'admin',
    json: {
      venue: 'Parity Hall',
      address: 'Markt 1',
      city: 'Bonn',
      country: 'Germany',
      zip: '53111',
      geo_lat: 50.7353,
      geo_lng: 7.1022,
    },
    capture: captureCreated('newVenue'),
  },
  {
    name: 'update venue',
    method: 'PUT',
    path: (s) => `${ns}/venues/${id(s, 'newVenueId')}`,
    auth: 'admin',
    json: { phone: '+49 228 0', address: '' },
  },
  {
    name: 'update venue by slug',
    method: 'PATCH',
    path: (s) => `${ns}/venues/by-slug/${slug(s, 'newVenueSlug')}`,
    auth: 'admin',
    json: { city: 'Bonn-Zentrum' },
  },
  {
    name: 'create organizer',
    method: 'POST',
    path: `${ns}/organizers`,
    auth: 'admin',
    json: { organizer: 'Parity Org', email: 'parity@example.org' },
    capture: captureCreated('newOrganizer'),
  },
  {
    name: 'update organizer by slug',
    method: 'POST',
    path: (s) => `${ns}/organizers/by-slug/${slug(s, 'newOrganizerSlug')}`,
    auth: 'admin',
    json: { website: 'https://parity.example.org' },
  },
  {
    name: 'create event (JSON)',
    method: 'POST',
    path: `${ns}/events`,
    auth: 'admin',
    json: (() => ({
      title: 'Parity Night',
      description: 'Two servers, one answer.',
      start_date: '2031-04-01 19:00:00',
      end_date: '2031-04-01 22:00:00',
      timezone: 'Europe/Berlin',
      cost: '10 - 20',
      featured: true,
      categories: ['Parity'],
      tags: ['parity-tag', 'brand new tag'],
    }))(),
    capture: captureCreated('newEvent'),
  },
  {
    name: 'create event (form, inline venue and organizer)',
    method: 'POST',
    path: `${ns}/events`,
    auth: 'admin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'title=Form%20Night&start_date=2031-04-02%2018:00&end_date=2031-04-02%2020:00&all_day=1&venue[venue]=Inline%20Hall&venue[city]=Essen&organizer[0][organizer]=Inline%20Org&organizer[0][email]=inline@example.org',
    capture: captureCreated('formEvent'),
  },
  {
    name: 'update event',
    method: 'PATCH',
    path: (s) => `${ns}/events/${id(s, 'newEventId')}`,
    auth: 'admin',
    json: { title: 'Parity Night, updated', organizer: [] },
  },
  {
    name: 'translate event',
    method: 'POST',
    path: (s) => `${de}/events/${id(s, 'newEventId')}`,
    auth: 'admin',
    json: { title: 'Gleichheitsnacht' },
  },
  {
    name: 'update event by slug',
    method: 'PUT',
    path: (s) => `${ns}/events/by-slug/${slug(s, 'formEventSlug')}`,
    auth: 'admin',
    json: { venue: 0 },
  },
  {
    name: 'update event, stale If-Match',
    method: 'POST',
    path: (s) => `${ns}/events/${id(s, 'newEventId')}`,
    auth: 'admin',
    headers: { 'if-match': '"stale"' },
    json: { title: 'Lost update' },
  },
  {
    name: 'update event, end before start',
    method: 'POST',
    path: (s) => `${ns}/events/${id(s, 'newEventId')}`,
    auth: 'admin',
    json: { start_date: '2031-04-01 19:00:00', end_date: '2031-03-01 19:00:00' },
  },
  { name: 'read new event', method: 'GET', path: (s) => `${ns}/events/${id(s, 'newEventId')}` },
  {
    name: 'trash event',
    method: 'DELETE',
    path: (s) => `${ns}/events/${id(s, 'newEventId')}`,
    auth: 'admin',
  },
  {
    name: 'trash event again',
    method: 'DELETE',
    path: (s) => `${ns}/events/${id(s, 'newEventId')}`,
    auth: 'admin',
  },
  {
    name: 'delete event for good',
    method: 'DELETE',
    path: (s) => `${ns}/events/${id(s, 'newEventId')}?force=true`,
    auth: 'admin',
  },
  {
    name: 'trash event by slug',
    method: 'DELETE',
    path: (s) => `${ns}/events/by-slug/${slug(s, 'formEventSlug')}`,
    auth: 'admin',
  },
  {
    name: 'trash venue',
    method: 'DELETE',
    path: (s) => `${ns}/venues/${id(s, 'newVenueId')}`,
    auth: 'admin',
  },
  {
    name: 'delete venue by slug for good',
    method: 'DELETE',
    path: (s) => `${ns}/venues/by-slug/${slug(s, 'newVenueSlug')}?force=true`,
    auth: 'admin',
  },
  {
    name: 'trash organizer by slug',
    method: 'DELETE',
    path: (s) => `${ns}/organizers/by-slug/${slug(s, 'newOrganizerSlug')}`,
    auth: 'admin',
  },
  {
    name: 'delete organizer',
    method: 'DELETE',
    path: (s) => `${ns}/organizers/${id(s, 'newOrganizerId')}`,
    auth: 'admin',
    json: { force: true },
  },
  {
    name: 'delete category',
    method: 'DELETE',
    path: (s) => `${ns}/categories/${id(s, 'newCategoryId')}`,
    auth: 'admin',
  },
  { name: 'delete tag', method: 'DELETE', path: (s) => `${ns}/tags/${id(s, 'newTagId')}`, auth: 'admin' },
  {
    name: 'delete unknown category',
    method: 'DELETE',
    path: `${ns}/categories/${MISSING_ID}`,
    auth: 'admin',
  },

  // Authentication and permission, after validation (WordPress's order).
  {
    name: 'create event anonymously, missing fields',
    method: 'POST',
    path: `${ns}/events`,
    json: { title: 'No dates' },
  },
  {
    name: 'create event anonymously',
    method: 'POST',
    path: `${ns}/events`,
    json: { title: 'Anon', start_date: '2031-05-01 10:00', end_date: '2031-05-01 11:00' },
  },
  {
    name: 'create event with a bad key',
    method: 'POST',
    path: `${ns}/events`,
    auth: 'bad-key',
    json: { title: 'Bad key', start_date: '2031-05-01 10:00', end_date: '2031-05-01 11:00' },
  },
  {
    name: 'create event as subscriber',
    method: 'POST',
    path: `${ns}/events`,
    auth: 'subscriber',
    json: { title: 'Nope', start_date: '2031-05-01 10:00', end_date: '2031-05-01 11:00' },
  },
  { name: 'delete venue anonymously', method: 'DELETE', path: (s) => `${ns}/venues/${id(s, 'venueId')}` },

  // Bodies core rejects.
  {
    name: 'unsupported media type',
    method: 'POST',
    path: `${ns}/events`,
    auth: 'admin',
    headers: { 'content-type': 'text/plain' },
    body: 'title=x',
  },
  {
    name: 'media type Fastify cannot parse',
    method: 'POST',
    path: `${ns}/events`,
    auth: 'admin',
    headers: { 'content-type': 'text' },
    body: 'x',
  },
  {
    name: 'malformed JSON',
    method: 'POST',
    path: `${ns}/events`,
    auth: 'admin',
    headers: { 'content-type': 'application/json' },
    body: '{"title":',
  },
  {
    name: 'empty JSON body',
    method: 'POST',
    path: `${ns}/venues`,
    auth: 'admin',
    headers: { 'content-type': 'application/json' },
    body: '',
  },
  {
    name: 'body over the limit',
    method: 'POST',
    path: `${ns}/venues`,
    auth: 'admin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ venue: 'x'.repeat(1024 * 1024 + 10) }),
  },
  {
    name: 'JSON body on GET',
    method: 'GET',
    path: `${ns}/events`,
    headers: { 'content-type': 'application/json' },
    body: '{"per_page":2}',
  },

  // Rejected by the HTTP parser, before any framework: core's envelope, Connection: close, no body for HEAD.
  {
    name: 'header section too large',
    method: 'GET',
    path: `${ns}/events`,
    headers: { 'x-big': 'a'.repeat(20_000) },
  },
  {
    name: 'header section too large, HEAD',
    method: 'HEAD',
    path: `${ns}/events`,
    headers: { 'x-big': 'a'.repeat(20_000) },
  },
  // Compressed answers are the same bytes on both sides.
  {
    name: 'events, brotli',
    method: 'GET',
    path: `${ns}/events?per_page=20`,
    headers: { 'accept-encoding': 'br' },
  },
  {
    name: 'events, gzip, HEAD',
    method: 'HEAD',
    path: `${ns}/events?per_page=20`,
    headers: { 'accept-encoding': 'gzip' },
  },

  // Paths and methods no route has.
  { name: 'unknown route', method: 'GET', path: `${ns}/nope` },
  { name: 'non-numeric id', method: 'GET', path: `${ns}/events/abc` },
  { name: 'empty slug', method: 'GET', path: `${ns}/events/by-slug/` },
  { name: 'method not allowed', method: 'PUT', path: `${ns}/events` },
  { name: 'malformed escape in the path', method: 'GET', path: `${ns}/events/by-slug/%E0%A4%A` },
  { name: 'malformed escape in the query', method: 'GET', path: `${ns}/events?search=%` },
  { name: 'other case', method: 'GET', path: '/Calendar/events/v1' },
  { name: 'root', method: 'GET', path: '/' },
  {
    name: 'unknown path with a JSON body',
    method: 'POST',
    path: '/somewhere',
    headers: { 'content-type': 'application/json' },
    body: '{bad',
  },

  // The service's own routes.
  { name: 'healthz', method: 'GET', path: '/healthz' },
  { name: 'healthz, HEAD', method: 'HEAD', path: '/healthz' },
  { name: 'healthz, OPTIONS', method: 'OPTIONS', path: '/healthz' },
  { name: 'readyz', method: 'GET', path: '/readyz' },

  // The API reference pages and their files (not core's, but the server's own: still byte for byte alike).
  {
    name: 'reference page',
    method: 'GET',
    path: '/docs/',
    capture: (answer, _json, state) => {
      state.referencePageEtag = answer.headers.etag;
      state.referenceStylesheet = /href="\.\.\/(docs\/assets\/swagger-ui\.css\?v=[^"]+)"/.exec(
        answer.text,
      )?.[1];
    },
  },
  {
    name: 'reference page, If-None-Match',
    method: 'GET',
    path: '/docs/',
    headers: (s) => ({ 'if-none-match': String(s.referencePageEtag) }),
  },
  { name: 'reference page, HEAD', method: 'HEAD', path: '/docs/' },
  { name: 'reference page, no trailing slash', method: 'GET', path: '/docs' },
  { name: 'reference page, POST', method: 'POST', path: '/docs/' },
  { name: 'reference page, OPTIONS', method: 'OPTIONS', path: '/docs/' },
  { name: 'German reference page', method: 'GET', path: '/de/docs/' },
  { name: 'German reference page, no trailing slash', method: 'GET', path: '/de/docs?x=1' },
  {
    name: 'reference stylesheet, versioned, gzip',
    method: 'GET',
    path: (s) => `/${s.referenceStylesheet ?? 'docs/assets/swagger-ui.css'}`,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  { name: 'reference stylesheet, unversioned', method: 'GET', path: '/docs/assets/swagger-ui.css' },
  { name: 'reference script, HEAD', method: 'HEAD', path: '/docs/assets/swagger-ui-bundle.js' },
  { name: 'reference start script', method: 'GET', path: '/docs/assets/api-reference.js' },
  { name: 'reference icon', method: 'GET', path: '/docs/assets/favicon-32x32.png' },
  { name: 'reference file not on the list', method: 'GET', path: '/docs/assets/swagger-ui.js.map' },
  { name: 'reference file outside the folder', method: 'GET', path: '/docs/assets/../package.json' },
  { name: 'reference file, escaped', method: 'GET', path: '/docs/assets/%2e%2e%2fpackage.json' },
  { name: 'reference assets folder', method: 'GET', path: '/docs/assets/' },
];

interface Side {
  server: RunningServer;
  keys: Record<'admin' | 'subscriber', string>;
}

async function startSide(adapter: 'express' | 'fastify'): Promise<Side> {
  const server = await startServer({
    adapter,
    port: 0,
    database: 'sqlite::memory:',
    apiUrl: API_URL,
    // Given: the demo would build permalinks and global ids from its own address, which differs by port.
    siteUrl: API_URL,
    demo: true,
    now: NOW,
  });
  const db = server.core.database.kysely;
  await createUser(db, { login: 'parity-admin', role: 'administrator' }, NOW);
  await createUser(db, { login: 'parity-subscriber', role: 'subscriber' }, NOW);
  return {
    server,
    keys: {
      admin: await createApiKey(db, 'parity-admin', 'parity', NOW),
      subscriber: await createApiKey(db, 'parity-subscriber', 'parity', NOW),
    },
  };
}

async function exchange(side: Side, step: Step, state: State): Promise<Exchange> {
  const path = typeof step.path === 'function' ? step.path(state) : step.path;
  const headers: Record<string, string> =
    typeof step.headers === 'function' ? step.headers(state) : { ...step.headers };
  let body = step.body;
  if (step.json !== undefined) {
    body = JSON.stringify(step.json);
    headers['content-type'] = 'application/json';
  }
  if (step.auth === 'admin' || step.auth === 'subscriber')
    headers.authorization = `Bearer ${side.keys[step.auth]}`;
  if (step.auth === 'bad-key') headers.authorization = 'Bearer not-a-key';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  // Both sides would give each request a new id of their own.
  headers['x-request-id'] ??= 'parity';
  // node:http rather than fetch: it sends a body on GET and the path exactly as written.
  const {
    status,
    headers: received,
    names,
    text,
  } = await new Promise<Exchange>((resolve, reject) => {
    const req = httpRequest(`${side.server.url}${path}`, { method: step.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const flat = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
        const names = res.rawHeaders.filter((_, i) => i % 2 === 0).filter((n) => n.toLowerCase() !== 'date');
        resolve({
          status: res.statusCode ?? 0,
          headers: flat,
          names,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
  const { date: _date, ...rest } = received;
  return { status, headers: rest, names, text };
}

/** What differs, as `express ≠ fastify`, or undefined when nothing does. */
function describeDifference(fromExpress: Exchange, fromFastify: Exchange): string | undefined {
  const parts: string[] = [];
  if (fromExpress.status !== fromFastify.status)
    parts.push(`status ${fromExpress.status} ≠ ${fromFastify.status}`);
  const names = new Set([...Object.keys(fromExpress.headers), ...Object.keys(fromFastify.headers)]);
  for (const name of names) {
    const [a, b] = [fromExpress.headers[name], fromFastify.headers[name]];
    if (a !== b) parts.push(`${name}: ${a ?? '(none)'} ≠ ${b ?? '(none)'}`);
  }
  // Byte for byte: the names as written, letter case included (their order is each framework's own).
  const [expressNames, fastifyNames] = [fromExpress.names, fromFastify.names].map((n) =>
    [...n].sort().join(', '),
  );
  if (expressNames !== fastifyNames) parts.push(`header names ${expressNames} ≠ ${fastifyNames}`);
  if (fromExpress.text !== fromFastify.text) {
    parts.push(`body ${fromExpress.text.slice(0, 300)} ≠ ${fromFastify.text.slice(0, 300)}`);
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

describe('adapter parity: Express and Fastify answer byte for byte alike', () => {
  let express: Side;
  let fastify: Side;

  beforeAll(async () => {
    [express, fastify] = await Promise.all([startSide('express'), startSide('fastify')]);
  });

  afterAll(async () => {
    await Promise.all([express?.server.close(), fastify?.server.close()]);
  });

  it('answers every request of the list identically', async () => {
    const state: State = {};
    const differences: string[] = [];
    for (const step of STEPS) {
      const fromExpress = await exchange(express, step, state);
      const fromFastify = await exchange(fastify, step, state);
      let json: unknown;
      try {
        json = JSON.parse(fromExpress.text);
      } catch {
        json = undefined;
      }
      step.capture?.(fromExpress, json, state);
      // PARITY_DEBUG=1 shows what each request got, to see which routes the list really reaches.
      if (process.env.PARITY_DEBUG)
        console.log(fromExpress.status, step.name, fromExpress.text.slice(0, 140));
      const difference = describeDifference(fromExpress, fromFastify);
      if (difference) differences.push(`${step.name} (${step.method}): ${difference}`);
    }
    expect(differences).toEqual([]);
  });
});
