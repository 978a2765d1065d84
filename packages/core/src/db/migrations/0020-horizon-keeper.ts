import type { Kysely } from 'kysely';

/**
 * What the horizon keeper (resources/events/horizon-keeper.ts) needs to run off the request path, once across
 * instances, and without retrying what it cannot do:
 *
 * - `leases`: one row per background job that at most one instance may run at a time, naming the instance that
 *   holds it and until when. The holder renews it as it works; a holder that died stops renewing, so its row
 *   expires and another instance takes the job over. Not calendar data: no data-version trigger.
 * - `series_extension_refusals`: the series the keeper could not extend (the longer horizon passes the
 *   occurrence limit, or the stored rule is refused), why, and the series' `modified_utc` and rule at that moment.
 *   The keeper skips a series while both are still the series' own, so it is reported once and not tried
 *   every round; an edit of the series moves its date or changes its rule, and the series is tried again. Deleting the series (or
 *   its rule) deletes the row.
 */
export const horizonKeeper = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_utc', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('series_extension_refusals')
      .addColumn('event_id', 'integer', (c) =>
        c.primaryKey().references('event_series.event_id').onDelete('cascade'),
      )
      .addColumn('series_modified_utc', 'text', (c) => c.notNull())
      .addColumn('series_recurrence', 'text', (c) => c.notNull())
      .addColumn('horizon_utc', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('refused_utc', 'text', (c) => c.notNull())
      .execute();
  },
};
