import type { Kysely } from 'kysely';
import type { DialectTraits } from '../traits.js';
import { createDataVersionTriggers } from './0010-data-version-triggers.js';

/**
 * Recurring events and iCalendar identity (issue 18). A series is an event with a row in `event_series` (its
 * RFC 5545 lines, and how far ahead its occurrences exist); each other occurrence is an event of its own with a
 * row in `event_occurrences` (its series, the start the rule gave it, and whether it was edited on its own),
 * and `events.parent_id` naming the series, as the plugin's paid edition keeps them. `event_ical` keeps the UID
 * and SEQUENCE an imported event came with, so that importing the same calendar again finds it.
 */
/** The tables of this migration whose changes move the data version (as migration 0010's). */
export const RECURRENCE_TABLES = ['event_series', 'event_occurrences', 'event_ical'] as const;

export function recurrence(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_series')
        .addColumn('event_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('recurrence', 'text', (c) => c.notNull())
        .addColumn('horizon_utc', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('event_series_horizon').on('event_series').column('horizon_utc').execute();
      await db.schema
        .createTable('event_occurrences')
        .addColumn('event_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('series_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('original_start_utc', 'text', (c) => c.notNull())
        .addColumn('detached', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('event_occurrences_series')
        .unique()
        .on('event_occurrences')
        .columns(['series_id', 'original_start_utc'])
        .execute();
      await db.schema
        .createTable('event_ical')
        .addColumn('event_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_modified_utc', 'text')
        .execute();
      await createDataVersionTriggers(traits, db, RECURRENCE_TABLES);
    },
  };
}
