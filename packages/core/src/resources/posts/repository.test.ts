/** The repository contract, written once and bound to SQLite and PostgreSQL. */

import { testDialects } from '@calendar-events/tests/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateWithApiKey } from '../../auth/api-keys.js';
import type { CalendarDatabase } from '../../db/database.js';
import { escapeLike } from '../../db/traits.js';
import { createApiKey, createUser, revokeApiKey } from '../users/repository.js';
import {
  effectiveStatus,
  findPostBySlug,
  loadPost,
  loadPosts,
  loadTexts,
  slugTaken,
  insertPost as storePost,
  trashPost,
  writeTexts,
} from './repository.js';

const dialects = await testDialects();

describe.each(dialects)('post repository ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let userId: number;

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    userId = (await createUser(database.kysely, { login: 'owner', role: 'editor' })).id;
  });
  afterAll(() => close());

  function insertPost(slug: string, type: 'event' | 'venue' = 'venue') {
    return storePost(database.kysely, {
      type,
      status: 'publish',
      author_id: userId,
      slug,
      date_utc: '2026-01-01 00:00:00',
      modified_utc: '2026-01-01 00:00:00',
      password: '',
      image_id: null,
      trashed_from: null,
    });
  }

  it('gives events, venues and organizers one id space', async () => {
    const a = await insertPost('a', 'event');
    const b = await insertPost('a', 'venue');
    expect(b).toBeGreaterThan(a);
    const posts = await loadPosts(database.kysely, [a, b]);
    expect(posts.get(a)?.type).toBe('event');
    expect(posts.get(b)?.type).toBe('venue');
  });

  it('stores texts per language and falls back field by field to the default language', async () => {
    const id = await insertPost('texts');
    await writeTexts(database.kysely, id, 'de', 'en', { title: 'Rathaus' });
    // The first write of a record also fills the default language.
    expect((await loadTexts(database.kysely, [id], 'en', 'en')).get(id)?.title).toBe('Rathaus');
    await writeTexts(database.kysely, id, 'en', 'en', { title: 'Town hall', description: 'Old' });
    const german = (await loadTexts(database.kysely, [id], 'de', 'en')).get(id);
    expect(german).toEqual({ title: 'Rathaus', description: 'Old', excerpt: '' });
    const english = (await loadTexts(database.kysely, [id], 'en', 'en')).get(id);
    expect(english?.title).toBe('Town hall');
  });

  it('knows which slugs are taken, per type', async () => {
    const id = await insertPost('taken-slug');
    expect(await slugTaken(database.kysely, 'venue', 'taken-slug')).toBe(true);
    expect(await slugTaken(database.kysely, 'venue', 'taken-slug', id)).toBe(false);
    expect(await slugTaken(database.kysely, 'organizer', 'taken-slug')).toBe(false);
    expect((await findPostBySlug(database.kysely, 'venue', 'taken-slug'))?.id).toBe(id);
  });

  it('serves a past future post as published', () => {
    expect(
      effectiveStatus({ status: 'future', date_utc: '2026-01-01 00:00:00' }, '2026-01-02 00:00:00'),
    ).toBe('publish');
    expect(
      effectiveStatus({ status: 'future', date_utc: '2026-01-03 00:00:00' }, '2026-01-02 00:00:00'),
    ).toBe('future');
  });

  it('matches text case-insensitively and literally through the dialect traits', async () => {
    const id = await insertPost('like');
    await writeTexts(database.kysely, id, 'en', 'en', { title: 'Big 100% Concert_Hall' });
    const find = (pattern: string) =>
      database.kysely
        .selectFrom('post_texts')
        .select('post_id')
        .where(({ ref }) => database.traits.ilike(ref('title'), pattern))
        .execute();
    expect((await find(`%${escapeLike('concert_hall')}%`)).map((r) => r.post_id)).toEqual([id]);
    expect(await find(`%${escapeLike('100%c')}%`)).toEqual([]);
    expect((await find(`%${escapeLike('100% c')}%`)).map((r) => r.post_id)).toEqual([id]);
    // Case folding covers every script on both databases, not only ASCII.
    const other = await insertPost('cafe');
    await writeTexts(database.kysely, other, 'en', 'en', { title: 'CAFÉ ÜBER' });
    expect((await find('%café über%')).map((r) => r.post_id)).toEqual([other]);
  });

  it('checks API keys with one lookup and refuses revoked ones', async () => {
    await createUser(database.kysely, { login: 'keyholder', role: 'author' });
    const key = await createApiKey(database.kysely, 'keyholder', 'laptop');
    const principal = await authenticateWithApiKey(database.kysely, { authorization: `Bearer ${key}` });
    expect(principal?.role).toBe('author');
    const basic = Buffer.from(`keyholder:${key}`).toString('base64');
    expect((await authenticateWithApiKey(database.kysely, { authorization: `Basic ${basic}` }))?.role).toBe(
      'author',
    );
    expect(await authenticateWithApiKey(database.kysely, {})).toBeNull();
    expect(await revokeApiKey(database.kysely, 'keyholder', 'laptop')).toBe(1);
    await expect(
      authenticateWithApiKey(database.kysely, { authorization: `Bearer ${key}` }),
    ).rejects.toMatchObject({
      code: 'rest_invalid_credentials',
      status: 401,
    });
    const stored = await database.kysely.selectFrom('api_keys').select('key_hash').execute();
    expect(stored.every((row) => row.key_hash !== key && row.key_hash.length === 64)).toBe(true);
  });

  it('trashes a post: its status kept in trashed_from, its slug freed for a new record', async () => {
    const id = await insertPost('to-trash', 'event');
    await trashPost(database.kysely, (await loadPost(database.kysely, id))!, '2026-02-01 00:00:00');
    expect(await loadPost(database.kysely, id)).toMatchObject({
      status: 'trash',
      trashed_from: 'publish',
      slug: 'to-trash__trashed',
      modified_utc: '2026-02-01 00:00:00',
    });
    expect(await slugTaken(database.kysely, 'event', 'to-trash')).toBe(false);
  });
});
