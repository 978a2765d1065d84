/**
 * A service write on PostgreSQL begins in one message with its pending version, and the statements with
 * parameters it runs are prepared on their connection (named), except those with `*`; reads outside writes,
 * other transactions and a statement that fails to parse are left as they were.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateWithApiKey } from '../auth/api-keys.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { byKey } from './by-key.js';
import { serviceWrite } from './change-log.js';
import { connectDatabase } from './connect.js';
import { readDataVersion } from './data-version.js';
import type { CalendarDatabase, Db } from './database.js';
import { createPostgresDatabase } from './postgres.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

describe.skipIf(!hasPostgres)('service writes on PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: CalendarDatabase;
  const statements: string[] = [];

  beforeAll(async () => {
    schema = await createTestSchema({ migrated: true });
    // One connection: what one write prepared, the next one finds.
    database = createPostgresDatabase({
      connectionString: TEST_PG_URL,
      schema: schema.schema,
      max: 1,
      onQuery: (text) => statements.push(text),
    });
  });
  afterAll(async () => {
    await database?.destroy();
    await schema?.drop();
  });

  const prepared = async (db: Db) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );
  const lookUp = (db: Db, slug: string) =>
    db.selectFrom('terms').select('id').where('slug', '=', slug).where('taxonomy', '=', 'tag').execute();

  it('begins with the pending version in one statement, and moves the version on with no change made', async () => {
    const before = await readDataVersion(database.kysely);
    statements.length = 0;
    // Changes no table that has a trigger: the version moves on all the same.
    await serviceWrite(database, async (trx) => {
      await sql`select 1`.execute(trx);
    });
    expect(statements[0]).toBe('start transaction read write; select calendar_pending_version()');
    expect(statements).toHaveLength(3);
    expect(await readDataVersion(database.kysely)).toBe(before! + 1);
  });

  it('prepares the statements of service writes, and no others', async () => {
    await lookUp(database.kysely, 'read-outside');
    await database.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('terms').select('slug').where('id', '=', -1).execute();
    });
    await serviceWrite(database, async (trx) => {
      await lookUp(trx, 'first');
      await trx.selectFrom('terms').selectAll().where('id', '=', -2).execute();
    });
    const seen = await serviceWrite(database, async (trx) => {
      await sql`insert into terms (taxonomy, slug) values ('tag', ${'prepared'})`.execute(trx);
      return prepared(trx);
    });
    const compiled = database.kysely
      .selectFrom('terms')
      .select('id')
      .where('slug', '=', 'x')
      .where('taxonomy', '=', 'tag')
      .compile().sql;
    expect(seen).toContain(compiled);
    expect(seen).toContain("insert into terms (taxonomy, slug) values ('tag', $1)");
    // The read outside a write and the other transaction's read are not prepared; nor is `select *`.
    expect(seen.filter((text) => text.includes('"id" = $1') && text.includes('"slug"')).length).toBe(0);
    expect(seen.some((text) => text.includes('*'))).toBe(false);
    expect(seen.some((text) => text.startsWith('select statement from pg_prepared_statements'))).toBe(false);
    // The write committed, with what it wrote.
    expect(await lookUp(database.kysely, 'prepared')).toHaveLength(1);
  });

  it('prepares a read marked by key wherever it runs (the API key look-up), and no other read outside a write', async () => {
    await createUser(database.kysely, { login: 'keyed', role: 'administrator' });
    const key = await createApiKey(database.kysely, 'keyed');
    const marked = byKey(database.kysely.selectFrom('terms').select('slug').where('id', '=', -3));
    expect((await marked.execute()).length).toBe(0);
    await database.kysely.selectFrom('terms').select('taxonomy').where('id', '=', -4).execute();
    const principal = await authenticateWithApiKey(database.kysely, { authorization: `Bearer ${key}` });
    expect(principal?.role).toBe('administrator');
    // Again on the prepared statement: the same answer.
    expect(await authenticateWithApiKey(database.kysely, { authorization: `Bearer ${key}` })).toEqual(
      principal,
    );
    const seen = await prepared(database.kysely);
    expect(seen).toContain(marked.compile().sql);
    expect(seen.some((text) => text.includes('from "api_keys"') && text.endsWith('/* by key */'))).toBe(true);
    expect(seen.some((text) => text.startsWith('select "taxonomy" from "terms"'))).toBe(false);
  });

  it('runs a prepared statement again in a later write, and a statement that failed to parse is not kept', async () => {
    const versionBefore = await readDataVersion(database.kysely);
    for (const slug of ['again-1', 'again-2'])
      await serviceWrite(database, (trx) =>
        sql`insert into terms (taxonomy, slug) values ('tag', ${slug})`.execute(trx),
      );
    expect(await lookUp(database.kysely, 'again-2')).toHaveLength(1);
    expect(await readDataVersion(database.kysely)).toBe(versionBefore! + 2);
    await expect(
      serviceWrite(database, (trx) => sql`select no_such_column from terms where id = ${1}`.execute(trx)),
    ).rejects.toMatchObject({ code: '42703' });
    // The connection is still good, and the failed text was not recorded as prepared.
    const after = await serviceWrite(database, (trx) => prepared(trx));
    expect(after.some((text) => text.includes('no_such_column'))).toBe(false);
  });

  it('prepares nothing when told not to (a pooler that does not carry prepared statements over)', async () => {
    const url = new URL(TEST_PG_URL);
    url.searchParams.set('schema', schema.schema);
    url.searchParams.set('prepared_statements', 'false');
    for (const unprepared of [
      createPostgresDatabase({
        connectionString: TEST_PG_URL,
        schema: schema.schema,
        max: 1,
        preparedStatements: false,
      }),
      await connectDatabase(url.toString()),
    ]) {
      try {
        await serviceWrite(unprepared, (trx) => lookUp(trx, 'one'));
        const seen = await serviceWrite(unprepared, (trx) => prepared(trx));
        expect(seen).toEqual([]);
      } finally {
        await unprepared.destroy();
      }
    }
    url.searchParams.set('prepared_statements', 'no');
    await expect(connectDatabase(url.toString())).rejects.toThrow(/prepared_statements .* true or false/);
  });
});
