/**
 * The baseline makes the schema the old migrations (0001 to 0021) made, and a database they built moves onto
 * it untouched. What they made is frozen in `testdata/`, written by running them once before they were
 * replaced: `old-chain.<database>.json`, the catalog's description of an empty database they migrated
 * (`@calendar-events/tests/schema-description`), and `old-chain-with-data.<database>.sql`, a dump of a
 * database they migrated that then had a calendar written into it through the API (a venue, an organizer,
 * terms, an event, a weekly series with an exception, a draft).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { describeSchema } from '@calendar-events/tests/schema-description';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createCalendarCore } from '../../core.js';
import { textOf } from '../../http/respond.js';
import { createApiKey } from '../../resources/users/repository.js';
import { type CalendarDatabase, migrateDatabase } from '../database.js';
import { createPostgresDatabase } from '../postgres.js';
import { createSqliteDatabase } from '../sqlite.js';
import { BASELINE_MIGRATION, OLD_CHAIN, UnsupportedSchemaVersionError } from './old-chain.js';

const dialects = await testDialects();
const testdata = (file: string) => readFile(new URL(`./testdata/${file}`, import.meta.url), 'utf8');

describe.each(dialects)('the schema baseline ($name)', ({ name: dialect }) => {
  /** An empty database, or one loaded from a dump of the old migrations' database first. */
  async function openDatabase(
    dump?: string,
  ): Promise<{ database: CalendarDatabase; schema?: string; remove(): Promise<void> }> {
    if (dialect === 'sqlite') {
      const folder = await mkdtemp(join(tmpdir(), 'calendar-baseline-'));
      const file = join(folder, 'calendar.db');
      if (dump !== undefined) {
        const raw = new BetterSqlite3(file);
        raw.exec(dump);
        raw.close();
      }
      const database = createSqliteDatabase(file);
      return {
        database,
        remove: async () => {
          await database.destroy();
          await rm(folder, { recursive: true, force: true });
        },
      };
    }
    const { schema, drop } = await createTestSchema();
    if (dump !== undefined) {
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      try {
        await client.query(dump.replaceAll('<schema>', schema));
      } finally {
        await client.end();
      }
    }
    const database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema, max: 2 });
    return {
      database,
      schema,
      remove: async () => {
        await database.destroy();
        await drop();
      },
    };
  }

  const migrationRecords = async (database: CalendarDatabase) =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.kysely)
    ).rows.map((row) => row.name);

  /** Every row of every table the application has (the migrations' own records aside), table by table. */
  async function allRows(database: CalendarDatabase): Promise<Record<string, unknown[]>> {
    const tables =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'
            and name not like 'kysely_migration%' order by name`.execute(database.kysely)
        : await sql<{ name: string }>`select tablename as name from pg_tables
            where schemaname = current_schema() and tablename not like 'kysely_migration%'
            order by tablename`.execute(database.kysely);
    const content: Record<string, unknown[]> = {};
    for (const { name } of tables.rows) {
      const { rows } = await sql`select * from ${sql.table(name)}`.execute(database.kysely);
      content[name] = rows.map((row) =>
        JSON.stringify(row, (_, v) => (Buffer.isBuffer(v) ? v.toString('hex') : v)),
      );
    }
    return content;
  }

  /** Migrates up to the baseline only: the migrations after it change the schema it is compared with. */
  const migrateToBaseline = (opened: { database: CalendarDatabase; schema?: string }) =>
    migrateDatabase(opened.database.kysely, opened.database.traits, opened.schema, BASELINE_MIGRATION);

  const withoutRows = ({ rows: _, ...schema }: Record<string, unknown>) => schema;

  it('makes on an empty database the schema the old migrations made', async () => {
    const opened = await openDatabase();
    const { database, remove } = opened;
    try {
      expect(await migrateToBaseline(opened)).toEqual([BASELINE_MIGRATION]);
      const expected = JSON.parse(await testdata(`old-chain.${dialect}.json`));
      expect(await describeSchema(database.kysely, dialect)).toEqual(expected);
      expect(await migrateToBaseline(opened)).toEqual([]);
      const later = await database.migrate();
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((name) => name > BASELINE_MIGRATION)).toBe(true);
      expect(await database.migrate()).toEqual([]);
    } finally {
      await remove();
    }
  });

  it('moves a database the old migrations built onto the baseline, keeping every row', async () => {
    const opened = await openDatabase(await testdata(`old-chain-with-data.${dialect}.sql`));
    const { database, remove } = opened;
    try {
      expect(await migrationRecords(database)).toEqual([...OLD_CHAIN]);
      const schemaBefore = await describeSchema(database.kysely, dialect);
      // The dump is what the old migrations built (only the rows differ from the empty one).
      expect(withoutRows(schemaBefore)).toEqual(
        withoutRows(JSON.parse(await testdata(`old-chain.${dialect}.json`))),
      );
      const rowsBefore = await allRows(database);
      expect(rowsBefore.events).toHaveLength(8);

      expect(await migrateToBaseline(opened)).toEqual([]);
      expect(await migrationRecords(database)).toEqual([BASELINE_MIGRATION]);
      expect(await describeSchema(database.kysely, dialect)).toEqual(schemaBefore);
      expect(await allRows(database)).toEqual(rowsBefore);
      // The migrations after the baseline run on it as on any database of its version.
      const later = await database.migrate();
      expect(later.every((name) => name > BASELINE_MIGRATION)).toBe(true);
      expect(await database.migrate()).toEqual([]);

      // The service reads what was there and writes on it.
      const key = await createApiKey(database.kysely, 'admin', 'after the upgrade');
      const core = createCalendarCore({ database });
      const listed = await core.handle(
        apiRequest('GET', '/events?start_date=2026-12-01&per_page=20', { key }),
      );
      expect(listed.status).toBe(200);
      const titles = (JSON.parse(textOf(listed)!) as { events: Array<{ title: string }> }).events.map(
        (e) => e.title,
      );
      expect(titles).toContain('Harbour concert');
      expect(titles).toContain('Rehearsal, moved to the church');
      expect(titles.filter((title) => title === 'Weekly rehearsal')).toHaveLength(5);
      const created = await core.handle(
        apiRequest('POST', '/events', {
          key,
          body: {
            title: 'After the upgrade',
            start_date: '2027-02-01 10:00:00',
            end_date: '2027-02-01 11:00:00',
            venue: 1,
            recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
          },
        }),
      );
      expect(created.status, textOf(created)).toBe(201);
    } finally {
      await remove();
    }
  });

  it('refuses, in one line, a database the old migrations built only in part', async () => {
    const { database, remove } = await openDatabase(await testdata(`old-chain-with-data.${dialect}.sql`));
    try {
      await sql`delete from kysely_migration where name > '0015-occurrence-rows'`.execute(database.kysely);
      const rowsBefore = await allRows(database);
      const refusal = await database.migrate().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(UnsupportedSchemaVersionError);
      const message = (refusal as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain('0015-occurrence-rows');
      expect(message).toContain('a release from before the schema baseline');
      expect(await migrationRecords(database)).toEqual(OLD_CHAIN.slice(0, 15));
      expect(await allRows(database)).toEqual(rowsBefore);
    } finally {
      await remove();
    }
  });
});
