import { type Kysely, sql } from 'kysely';

/** The migration the baseline is recorded as. */
export const BASELINE_MIGRATION = '0021-baseline';

/**
 * The migrations the baseline replaces, by the names a database built by them has recorded. The releases
 * before the baseline ran them one by one; the baseline makes the schema they left behind.
 */
export const OLD_CHAIN = [
  '0001-initial',
  '0002-event-search',
  '0003-data-version',
  '0004-term-counts',
  '0005-search-indexes',
  '0006-venue-start-index',
  '0007-event-duration-bound',
  '0008-event-listing-status',
  '0009-venue-listing-index',
  '0010-data-version-triggers',
  '0011-user-external-id',
  '0012-recurrence',
  '0013-occurrence-writes',
  '0014-tec-origins',
  '0015-occurrence-rows',
  '0016-occurrence-columns',
  '0017-status-copy-plan',
  '0018-event-links-per-statement',
  '0019-event-owner-index',
  '0020-horizon-keeper',
  '0021-feed-head-indexes',
] as const;

/** A database the old migrations built only in part: the baseline cannot start from it. */
export class UnsupportedSchemaVersionError extends Error {
  constructor(readonly lastApplied: string) {
    super(
      `The database's schema is at migration ${lastApplied}, older than this release upgrades from (all of ` +
        `${OLD_CHAIN[0]} to ${OLD_CHAIN.at(-1)}): start it once with a release from before the schema ` +
        'baseline, which runs those migrations one by one, then with this one.',
    );
    this.name = 'UnsupportedSchemaVersionError';
  }
}

/**
 * Moves a database that every old migration built onto the baseline, before the Migrator runs: its schema is
 * the baseline's already, so only the records change (the old names go, the baseline's comes), in one
 * transaction, and no table or row is touched. A database that ran only some of them is refused. One that ran
 * none (empty, or already on the baseline) is left to the Migrator.
 */
export async function adoptBaseline(
  // biome-ignore lint/suspicious/noExplicitAny: the Migrator's own table, not the application's
  db: Kysely<any>,
  dialect: 'sqlite' | 'postgres',
  schema: string | undefined,
): Promise<void> {
  if (!(await hasMigrationTable(db, dialect, schema))) return;
  const table = schema ? db.withSchema(schema) : db;
  const recorded = new Set(
    (await table.selectFrom('kysely_migration').select('name').execute()).map((row) => String(row.name)),
  );
  const old = OLD_CHAIN.filter((name) => recorded.has(name));
  if (old.length === 0) return;
  if (old.length < OLD_CHAIN.length) throw new UnsupportedSchemaVersionError(old.at(-1)!);
  await db.transaction().execute(async (trx) => {
    const records = schema ? trx.withSchema(schema) : trx;
    const removed = await records
      .deleteFrom('kysely_migration')
      .where('name', 'in', OLD_CHAIN)
      .executeTakeFirst();
    // Another instance that started at the same moment may have moved it first: then nothing is left to do.
    const count = Number(removed.numDeletedRows);
    if (count === 0) return;
    if (count !== OLD_CHAIN.length)
      throw new Error(`Expected the records of ${OLD_CHAIN.length} migrations, found ${count}.`);
    await records
      .insertInto('kysely_migration')
      .values({ name: BASELINE_MIGRATION, timestamp: new Date().toISOString() })
      .execute();
  });
}

async function hasMigrationTable(
  // biome-ignore lint/suspicious/noExplicitAny: see above
  db: Kysely<any>,
  dialect: 'sqlite' | 'postgres',
  schema: string | undefined,
): Promise<boolean> {
  if (dialect === 'sqlite') {
    const { rows } =
      await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
    return rows.length > 0;
  }
  const { rows } = await sql<{
    found: string | null;
  }>`select to_regclass(${schema ? `${quoteIdent(schema)}.kysely_migration` : 'kysely_migration'}) as found`.execute(
    db,
  );
  return rows[0]?.found != null;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
