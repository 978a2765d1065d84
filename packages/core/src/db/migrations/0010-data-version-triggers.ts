import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * The tables whose rows make up the answers: a change of any of them, by this service or by another program
 * writing the same database, must move the data version (migration 0003), or caches keep answering with the
 * old data. The derived tables (search texts, event bounds) are left out: they change only with these.
 */
export const CALENDAR_TABLES = [
  'posts',
  'post_texts',
  'events',
  'venues',
  'organizers',
  'event_organizers',
  'terms',
  'term_texts',
  'event_terms',
  'images',
  'users',
] as const;

/**
 * Triggers that bump the data version on every insert, update and delete of the calendar's tables.
 *
 * PostgreSQL: one statement-level trigger per table, and a function that bumps the version only once per
 * transaction (the row's `xmin` is the transaction's id once it bumped): the service's writes bump it first
 * thing anyway (its lock queues writers), so their statements' triggers then find the row theirs and write
 * nothing. `search_path` is fixed at creation, so another program's session finds `data_version` in this
 * schema whatever its own path.
 *
 * SQLite: row-level triggers (it has no others); each is one update of a row on the same page, a few
 * microseconds inside the transaction that already holds the database.
 */
export function dataVersionTriggers(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      if (traits.name === 'postgres')
        await sql`create function calendar_bump_data_version() returns trigger language plpgsql
          set search_path from current as $$
          begin
            update data_version set version = version + 1
              where id = 1 and xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
            return null;
          end $$`.execute(db);
      await createDataVersionTriggers(traits, db, CALENDAR_TABLES);
    },
  };
}

/** The triggers of `tables` (the function they call exists from this migration on; later tables add theirs). */
export async function createDataVersionTriggers(
  traits: DialectTraits,
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  db: Kysely<any>,
  tables: readonly string[],
): Promise<void> {
  if (traits.name === 'postgres') {
    for (const table of tables)
      await sql`create trigger ${sql.id(`${table}_bumps_data_version`)}
        after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function calendar_bump_data_version()`.execute(db);
    return;
  }
  for (const table of tables)
    for (const event of ['insert', 'update', 'delete'] as const)
      await sql`create trigger ${sql.id(`${table}_${event}_bumps_data_version`)}
        after ${sql.raw(event)} on ${sql.id(table)}
        begin update data_version set version = version + 1 where id = 1; end`.execute(db);
}
