/**
 * Migration 0029: the functions every PostgreSQL write runs keep their generic plans (set on the functions, so
 * that it holds for any program's writes), and still refuse a link to a missing post.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarDatabase } from '../database.js';
import { createPostgresDatabase } from '../postgres.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

describe.runIf(hasPostgres)('generic plans of the write triggers (PostgreSQL)', () => {
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

  it('sets plan_cache_mode on the commit-version and link-check functions of the schema', async () => {
    const { rows } = await sql<{ name: string; config: string[] | null }>`
      select p.proname as name, p.proconfig as config from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema.schema} and p.proname in ('calendar_commit_version', 'check_posts_linked_from_events')
      order by p.proname`.execute(database.kysely);
    expect(rows.map((row) => row.name)).toEqual([
      'calendar_commit_version',
      'check_posts_linked_from_events',
    ]);
    for (const row of rows) expect(row.config).toContain('plan_cache_mode=force_generic_plan');
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
