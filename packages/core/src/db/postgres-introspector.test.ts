/**
 * The Migrator's look-up of its own tables survives schemas dropped meanwhile by other programs on the same
 * server, and reads what Kysely's own introspector reads.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresIdDialect } from './postgres-introspector.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

describe.skipIf(!hasPostgres)('PostgreSQL introspector by object id', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  // biome-ignore lint/suspicious/noExplicitAny: the catalog
  let ours: Kysely<any>;
  // biome-ignore lint/suspicious/noExplicitAny: the catalog
  let kysely: Kysely<any>;

  beforeAll(async () => {
    schema = await createTestSchema({ migrated: true });
    pool = new pg.Pool({
      connectionString: TEST_PG_URL,
      max: 2,
      options: `-c search_path=${schema.schema},public`,
    });
    ours = new Kysely({ dialect: new PostgresIdDialect({ pool }) });
    kysely = new Kysely({ dialect: new PostgresDialect({ pool }) });
  });

  afterAll(async () => {
    await ours?.destroy();
    await schema?.drop();
  });

  it("reads the tables and columns of the search path's schemas as Kysely's introspector does", async () => {
    const inSchema = <T extends { schema?: string | undefined }>(tables: T[]) =>
      tables.filter((table) => table.schema === schema.schema);
    for (const withInternalKyselyTables of [false, true]) {
      const expected = inSchema(await kysely.introspection.getTables({ withInternalKyselyTables }));
      const all = await ours.introspection.getTables({ withInternalKyselyTables });
      // The search path's schemas only: not the other schemas of the server.
      expect(all.every((table) => [schema.schema, 'public'].includes(table.schema ?? ''))).toBe(true);
      const actual = inSchema(all);
      expect(actual.length).toBeGreaterThan(10);
      expect(actual.some((table) => table.columns.some((column) => column.isAutoIncrementing))).toBe(true);
      expect(actual).toEqual(expected);
    }
  });

  it('never fails while other schemas are created and dropped', async () => {
    const churn = new pg.Client({ connectionString: TEST_PG_URL });
    await churn.connect();
    const name = `${schema.schema}_churn`;
    let done = false;
    const churning = (async () => {
      for (let round = 0; !done && round < 2000; round++) {
        await churn.query(`create schema ${name}; create table ${name}.t (id serial primary key, v text)`);
        await churn.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let look = 0; look < 30; look++) {
        const tables = await ours.introspection.getTables({ withInternalKyselyTables: true });
        expect(tables.some((table) => table.name === 'posts')).toBe(true);
      }
    } finally {
      done = true;
      await churning;
      await churn.query(`drop schema if exists ${name} cascade`);
      await churn.end();
    }
  });
});
