import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { selectBindings, selectByName } from './bindings.js';
import { ALL_DIALECTS, createSharedTestDatabase, testDialects } from './databases.js';
import { describeContract } from './describe-contract.js';
import { encodePhpForm } from './form-encoding.js';

describe('encodePhpForm', () => {
  it('writes nested objects and lists with PHP brackets, as http_build_query does', () => {
    const text = encodePhpForm({
      title: 'Jazz & Blues',
      categories: ['jazz', 3],
      venue: { venue: 'Hall', city: 'Berlin' },
      organizer: [{ organizer: 'A' }, { organizer: 'B' }],
      featured: true,
      all_day: false,
      skipped: undefined,
      empty: null,
    });
    expect([...new URLSearchParams(text)].map(([key, value]) => `${key}=${value}`)).toEqual([
      'title=Jazz & Blues',
      'categories[0]=jazz',
      'categories[1]=3',
      'venue[venue]=Hall',
      'venue[city]=Berlin',
      'organizer[0][organizer]=A',
      'organizer[1][organizer]=B',
      'featured=1',
      'all_day=0',
    ]);
  });
});

describe('selectBindings', () => {
  it('selects every binding but fetch-postgres by default and narrows by name', () => {
    expect(selectBindings(undefined).map((b) => b.name)).toEqual([
      'express-sqlite',
      'express-postgres',
      'fastify-sqlite',
      'fastify-postgres',
      'fetch-sqlite',
    ]);
    expect(selectBindings('fetch-postgres,fetch-sqlite').map((b) => b.name)).toEqual([
      'fetch-sqlite',
      'fetch-postgres',
    ]);
    expect(selectBindings(' fastify-postgres, express-sqlite ').map((b) => b.name)).toEqual([
      'express-sqlite',
      'fastify-postgres',
    ]);
  });

  it('refuses an unknown binding name instead of running fewer suites', () => {
    expect(() => selectBindings('express-mysql')).toThrow(/express-mysql/);
  });
});

describe('testDialects', () => {
  it('narrows by DIALECTS as BINDINGS narrows the bindings, and refuses an unknown name', async () => {
    expect((await testDialects('sqlite')).map((dialect) => dialect.name)).toEqual(['sqlite']);
    expect(selectByName('DIALECTS', '', ALL_DIALECTS)).toEqual(['sqlite', 'postgres']);
    expect(selectByName('DIALECTS', ' postgres ', ALL_DIALECTS)).toEqual(['postgres']);
    await expect(testDialects('sqlite,mysql')).rejects.toThrow(/DIALECTS.*mysql/);
  });

  it('opens a migrated database of every dialect, and a shared one under its DATABASE_URL', async () => {
    for (const dialect of await testDialects()) {
      const { database, close } = await dialect.open();
      const shared = await createSharedTestDatabase(dialect.name, 'calendar-testkit-');
      try {
        expect(await database.kysely.selectFrom('users').selectAll().execute()).toEqual([]);
        expect(shared.url).toMatch(dialect.name === 'sqlite' ? /^sqlite:/ : /[?&]schema=t_/);
        await shared.connect().migrate();
      } finally {
        await close();
        await shared.close();
      }
    }
  });
});

describeContract('testkit harness', (getService, binding) => {
  it('serves the default and the German address at the root of the host app', async () => {
    const service = getService();
    const english = await service.request('GET', '');
    expect(english.status).toBe(200);
    expect(english.json.namespace).toBe('calendar/events/v1');
    const german = await service.request('GET', '/de/calendar/events/v1/doc');
    expect(german.status).toBe(200);
    expect(german.text).not.toBe((await service.request('GET', '/doc')).text);
    expect(german.headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('leaves the paths outside the namespace to the host app', async () => {
    const outside = await getService().request('GET', `${getService().baseUrl}/somewhere-else`);
    expect(outside.status).toBe(404);
    expect(outside.json?.code).not.toBe('rest_no_route');
  });

  it('sends a test user key with `as`, and core checks it', async () => {
    const service = getService();
    expect((await service.request('GET', '', { as: 'admin' })).status).toBe(200);
    expect((await service.request('GET', '', { as: service.users.editor.login })).status).toBe(200);
    const bad = await service.request('GET', '', { headers: { Authorization: 'Bearer not-a-key' } });
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe('rest_invalid_credentials');
    await expect(service.request('GET', '', { as: 'nobody' })).rejects.toThrow(/nobody/);
  });

  it('creates the seven test users with their roles', async () => {
    const { users, core } = getService();
    const rows = await core.database.kysely
      .selectFrom('users')
      .select(['id', 'login', 'role'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.login, row.role])).toEqual([
      ['admin', 'administrator'],
      ['editor', 'editor'],
      ['author', 'author'],
      ['contributor', 'contributor'],
      ['subscriber', 'subscriber'],
      ['author2', 'author'],
      ['contributor2', 'contributor'],
    ]);
    expect(users.author2.id).toBe(rows[5]?.id);
    expect(users.admin.key).toMatch(/\S{20,}/);
  });

  it('reset() empties the records, keeps the users and restarts the ids', async () => {
    const service = getService();
    const db = service.core.database.kysely;
    const insertPost = () =>
      db
        .insertInto('posts')
        .values({
          type: 'venue',
          status: 'publish',
          author_id: service.users.admin.id,
          slug: 'hall',
          date_utc: '2030-01-01 00:00:00',
          modified_utc: '2030-01-01 00:00:00',
          password: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await insertPost();
    await insertPost();
    await service.reset();
    const count = async (table: 'posts' | 'users') =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n,
      );
    expect(await count('posts')).toBe(0);
    expect(await count('users')).toBe(7);
    expect((await insertPost()).id).toBe(1);
    await service.reset();
  });

  it(`names its binding (${binding.name})`, () => {
    expect(binding.name).toBe(`${binding.adapter}-${binding.database}`);
  });
});
