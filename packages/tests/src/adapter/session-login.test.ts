/**
 * The README's login recipe ("Behind your own login", Express with express-session) over plain http, as on a
 * developer's machine: with its `secure: 'auto'` cookie the session comes back and a write succeeds; with
 * `secure: true` (what the recipe once said) the cookie is marked Secure, a client over http never sends it
 * back, and the write is a 401. Behind a TLS proxy (`trust proxy`, `X-Forwarded-Proto: https`) 'auto' marks it
 * Secure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type CalendarCore, createCalendarCore, type Principal } from '@calendar-events/core';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { createCalendarRouter } from '@calendar-events/http-express';
import express from 'express';
import session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally } from './echo-core.js';

declare module 'express-session' {
  interface SessionData {
    user?: { id: string; name: string; email: string; groups: string[] };
  }
}

const README = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');

/** The recipe's app, with the cookie's `secure` as given; `/login` stands for the host's own login route. */
function recipeApp(core: CalendarCore, secure: boolean | 'auto') {
  const app = express();
  app.set('trust proxy', 1);
  app.use(
    session({
      secret: 'a developer machine secret of some length',
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, secure, sameSite: 'lax' },
    }),
  );
  app.post('/login', (req, res) => {
    req.session.user = { id: 'u-1', name: 'Ada', email: 'ada@example.org', groups: ['staff'] };
    res.json({ ok: true });
  });
  const sessionPrincipal = (req: express.Request): Principal | null => {
    const user = req.session.user;
    if (!user) return null;
    return {
      externalId: user.id,
      role: user.groups.includes('staff') ? 'editor' : 'contributor',
      name: user.name,
    };
  };
  app.use('/api', createCalendarRouter({ core, authenticate: sessionPrincipal }));
  return app;
}

/** What a browser does over http: it sends back only the cookies not marked Secure. */
function cookieForHttp(setCookie: string | null): string | undefined {
  if (!setCookie || /;\s*secure/i.test(setCookie)) return undefined;
  return setCookie.split(';')[0];
}

describe("the README's session login over plain http", () => {
  let core: CalendarCore;
  const servers: { url: string; close(): Promise<void> }[] = [];

  beforeAll(async () => {
    const database = createSqliteDatabase(':memory:');
    await database.migrate();
    core = createCalendarCore({ database });
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await core.close();
  });

  const start = async (secure: boolean | 'auto') => {
    const server = await listenLocally(recipeApp(core, secure));
    servers.push(server);
    return server.url;
  };

  const loginAndWrite = async (url: string, headers: Record<string, string> = {}) => {
    const login = await fetch(`${url}/login`, { method: 'POST', headers });
    const setCookie = login.headers.get('set-cookie');
    const cookie = cookieForHttp(setCookie);
    const write = await fetch(`${url}/api/calendar/events/v1/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ name: `session ${Math.random()}` }),
    });
    return { setCookie, write: write.status };
  };

  it("says secure: 'auto' in both recipes, and when to set secure: true", () => {
    expect(README.match(/cookie: \{ httpOnly: true, secure: 'auto', sameSite: 'lax' \}/g)).toHaveLength(2);
    expect(README).not.toContain('secure: true, sameSite');
    expect(README).toContain('**When to set `secure: true`**');
  });

  it("writes over http with the recipe's secure: 'auto'", async () => {
    const { setCookie, write } = await loginAndWrite(await start('auto'));
    expect(setCookie).toMatch(/^connect\.sid=/);
    expect(setCookie).not.toMatch(/;\s*secure/i);
    expect(write).toBe(201);
  });

  it("marks the cookie Secure behind a TLS proxy with 'auto'", async () => {
    const { setCookie } = await loginAndWrite(await start('auto'), { 'x-forwarded-proto': 'https' });
    expect(setCookie).toMatch(/;\s*secure/i);
  });

  it('answers 401 to every write over http with secure: true (the trap the recipe avoids)', async () => {
    const url = await start(true);
    // Over http express-session never sets a Secure cookie: no session comes back.
    const { setCookie, write } = await loginAndWrite(url);
    expect(cookieForHttp(setCookie)).toBeUndefined();
    expect(write).toBe(401);
  });
});
