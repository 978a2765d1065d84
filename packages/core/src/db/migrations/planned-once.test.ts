/**
 * Migration 0029: the functions every PostgreSQL write runs keep their generic plans (set on the functions, so
 * that it holds for any program's writes), still refuse a link to a missing post, and the term counts a
 * write sends with its commit move by a function.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarDatabase } from '../database.js';
import { createPostgresDatabase } from '../postgres.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

describe.runIf(hasPostgres)('statements planned once per connection (PostgreSQL)', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: CalendarDatabase;

  beforeAll(async () => {
    schema = await createTestSchema({ migrated: true });
    database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 2 });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.destroy();
    await schema?.drop();
  });

  it('sets plan_cache_mode on the functions of the schema', async () => {
    const { rows } = await sql<{ name: string; config: string[] | null }>`
      select p.proname as name, p.proconfig as config from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema.schema} and p.proname in
        ('calendar_add_to_term_counts', 'calendar_commit_version', 'check_posts_linked_from_events')
      order by p.proname`.execute(database.kysely);
    expect(rows.map((row) => row.name)).toEqual([
      'calendar_add_to_term_counts',
      'calendar_commit_version',
      'check_posts_linked_from_events',
    ]);
    for (const row of rows) expect(row.config).toContain('plan_cache_mode=force_generic_plan');
  });

  it('moves term counts by the changes given, and only those terms', async () => {
    const { rows: made } = await sql<{ id: number }>`
      insert into terms (taxonomy, slug, event_count) values ('tag', 'planned-a', 5), ('tag', 'planned-b', 1),
        ('tag', 'planned-c', 7) returning id`.execute(database.kysely);
    const [a, b] = made.map((row) => Number(row.id));
    for (let call = 0; call < 7; call++)
      await sql`select calendar_add_to_term_counts(array[${b}, ${a}]::integer[], array[2, -1]::integer[])`.execute(
        database.kysely,
      );
    const { rows } = await sql<{ slug: string; event_count: number }>`
      select slug, event_count from terms where slug like 'planned-%' order by slug`.execute(database.kysely);
    expect(rows.map((row) => [row.slug, Number(row.event_count)])).toEqual([
      ['planned-a', 5 - 7],
      ['planned-b', 1 + 14],
      ['planned-c', 7],
    ]);
  });

  it('still refuses an event linking a post that does not exist, on every call', async () => {
    for (let call = 0; call < 7; call++)
      await expect(
        sql`select check_posts_linked_from_events(array[${-1 - call}]::integer[], 'insert into')`.execute(
          database.kysely,
        ),
      ).rejects.toThrow(`links to post ${-1 - call}, which does not exist`);
  });
});
