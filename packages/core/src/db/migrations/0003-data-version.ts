import type { Kysely } from 'kysely';

/**
 * One row counting committed writes. Every write transaction bumps it, so a cached list total is valid
 * exactly as long as the version it was computed at is still current, on every instance of the service.
 */
export const dataVersion = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('data_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('data_version').values({ id: 1, version: 0 }).execute();
  },
};
