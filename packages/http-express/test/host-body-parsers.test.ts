/**
 * A host app that parses bodies before our router (SPEC §3): what its parser produced must give exactly what
 * core answers when it reads the same body itself. Each host gets its own database and a fixed clock, so the
 * answers can be compared byte for byte.
 */
import {
  type CalendarCore,
  connectDatabase,
  createApiKey,
  createCalendarCore,
  createUser,
} from '@calendar-events/core';
import { listenLocally, send } from '@calendar-events/tests/echo-core';
import express, { type Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarErrorHandler, createCalendarRouter } from '../src/index.js';

const HOSTS = {
  'no host parser': [],
  'express.urlencoded({ extended: false })': [express.urlencoded({ extended: false })],
  'express.urlencoded({ extended: true })': [express.urlencoded({ extended: true })],
  'express.json()': [express.json()],
  'express.json() and express.urlencoded()': [express.json(), express.urlencoded()],
} satisfies Record<string, express.RequestHandler[]>;
type HostName = keyof typeof HOSTS;
const HOST_NAMES = Object.keys(HOSTS) as HostName[];

interface Host {
  url: string;
  core: CalendarCore;
  key: string;
  close(): Promise<void>;
}

async function startHost(parsers: express.RequestHandler[], errorHandler = false): Promise<Host> {
  const database = await connectDatabase('sqlite::memory:');
  await database.migrate();
  const core = createCalendarCore({
    database,
    siteUrl: 'http://calendar.test',
    apiUrl: 'http://api.test',
    clock: () => new Date('2026-03-10T12:00:00Z'),
  });
  await createUser(database.kysely, { login: 'admin', role: 'administrator' });
  const key = await createApiKey(database.kysely, 'admin', 'test');
  const app: Express = express();
  for (const parser of parsers) app.use(parser);
  app.use(createCalendarRouter({ core }));
  if (errorHandler) app.use(createCalendarErrorHandler({ core }));
  const http = await listenLocally(app);
  return {
    url: `${http.url}/calendar/events/v1`,
    core,
    key,
    close: async () => {
      await http.close();
      await core.close();
    },
  };
}

const FORM = [
  'title=Jazz+%26+Blues',
  'start_date=2026-04-01+20:00',
  'end_date=2026-04-01+23:00',
  'venue[venue]=Hall',
  'venue[city]=Berlin',
  'organizer[0][organizer]=Org',
  'organizer[1][organizer]=Second+Org',
  'tags[]=jazz',
  'tags[]=blues',
  'categories=concerts,live',
  'featured=1',
].join('&');

describe('the router behind a host body parser', () => {
  const hosts = {} as Record<HostName, Host>;

  beforeAll(async () => {
    for (const name of HOST_NAMES) hosts[name] = await startHost(HOSTS[name]);
  });
  afterAll(async () => {
    await Promise.all(Object.values(hosts).map((host) => host.close()));
  });

  const post = (host: Host, contentType: string, body: string) =>
    send(`${host.url}/events`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${host.key}` },
      body,
    });

  it('reads a form with nested brackets as core reads the raw form', async () => {
    const own = await post(hosts['no host parser'], 'application/x-www-form-urlencoded', FORM);
    expect(own.status).toBe(201);
    const event = JSON.parse(own.text);
    expect(event.title).toBe('Jazz & Blues');
    expect(event.venue).toMatchObject({ venue: 'Hall', city: 'Berlin' });
    expect(event.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['Org', 'Second Org']);
    expect(event.tags.map((t: { name: string }) => t.name)).toEqual(['jazz', 'blues']);
    expect(event.categories.map((c: { name: string }) => c.name)).toEqual(['concerts', 'live']);
    expect(event.featured).toBe(true);

    // Every host gets the same requests, so that their databases stay alike.
    for (const name of HOST_NAMES.slice(1)) {
      const res = await post(hosts[name], 'application/x-www-form-urlencoded', FORM);
      expect(res.status, name).toBe(201);
      expect(res.text, name).toBe(own.text);
    }
  });

  it('keeps a parsed JSON body working', async () => {
    const json = JSON.stringify({
      title: 'Matinee',
      start_date: '2026-04-02 11:00',
      end_date: '2026-04-02 12:00',
      venue: { venue: 'Club', city: 'Bonn' },
      organizer: [{ organizer: 'Org' }],
      tags: ['jazz'],
    });
    const own = await post(hosts['no host parser'], 'application/json', json);
    expect(own.status).toBe(201);
    for (const name of HOST_NAMES.slice(1)) {
      const res = await post(hosts[name], 'application/json', json);
      expect(res.status, name).toBe(201);
      expect(res.text, name).toBe(own.text);
    }
  });

  it("leaves malformed JSON to the host's parser when it parses JSON (see the README)", async () => {
    const own = await post(hosts['no host parser'], 'application/json', '{"title":');
    expect(own.status).toBe(400);
    expect(JSON.parse(own.text).code).toBe('rest_invalid_json');
    const hosted = await post(hosts['express.json()'], 'application/json', '{"title":');
    expect(hosted.status).toBe(400);
    expect(hosted.text).not.toContain('rest_invalid_json');
    // A host that parses only forms still leaves JSON to core.
    const formsOnly = await post(hosts['express.urlencoded({ extended: false })'], 'application/json', '{');
    expect(JSON.parse(formsOnly.text).code).toBe('rest_invalid_json');
  });
});

describe('createCalendarErrorHandler behind host body parsers', () => {
  let host: Host;
  let own: Host;
  beforeAll(async () => {
    host = await startHost([express.json({ limit: 100 }), express.urlencoded({ limit: 100 })], true);
    own = await startHost([]);
  });
  afterAll(async () => {
    await host.close();
    await own.close();
  });

  const post = (target: Host, body: string, path = '/events') =>
    send(`${target.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${target.key}` },
      body,
    });

  it("answers malformed JSON the host's parser refused with core's envelope, as core's own parsing does", async () => {
    const hosted = await post(host, '{"title":');
    const core = await post(own, '{"title":');
    expect(hosted.status).toBe(400);
    expect(JSON.parse(hosted.text)).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
    expect(hosted.headers['content-type']).toBe(core.headers['content-type']);
    // PHP's "Syntax error" (SPEC §14), whichever parser refused the body.
    expect(JSON.parse(hosted.text).data.json_error_message).toBe('Syntax error');
    expect(JSON.parse(core.text).data.json_error_message).toBe('Syntax error');
  });

  it("answers a body over the host's limit with core's 413, and leaves other paths to the host", async () => {
    const hosted = await post(host, JSON.stringify({ title: 'x'.repeat(200) }));
    expect(hosted.status).toBe(413);
    expect(JSON.parse(hosted.text)).toEqual({
      code: 'rest_request_too_large',
      message: 'The request body is too large.',
      data: { status: 413 },
    });
    // Outside the namespace, the host's own error handling answers.
    const outside = await send(host.url.replace('/calendar/events/v1', '/elsewhere'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(outside.status).toBe(400);
    expect(outside.text).not.toContain('rest_invalid_json');
  });
});
