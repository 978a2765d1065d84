import type { Kysely } from 'kysely';

/**
 * Users of a host app (a principal with an `externalId`) get a user record of the calendar, found again by
 * that id: a nullable column, unique where set (both databases let a unique index hold many nulls).
 */
export const userExternalId = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('external_id', 'text').execute();
    await db.schema.createIndex('users_external_id').unique().on('users').column('external_id').execute();
  },
};
