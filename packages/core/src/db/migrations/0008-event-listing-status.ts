import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * `events.status`: a copy of the event's post status, kept by triggers (whoever writes the rows), and the
 * index `events_listing (status, hide_from_listings, start_utc, end_utc)`, which holds every column a list's
 * total needs. Counting the default window of a million events read each event's post row for its status:
 * 2.9 s on SQLite, 0.3 s on PostgreSQL, once after every write (totals are cached per data version); from
 * this index alone it takes 31 ms on SQLite.
 */
export function eventListingStatus(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('events')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      if (traits.name === 'sqlite') {
        await sql`update events set status = (select posts.status from posts where posts.id = events.id)`.execute(
          db,
        );
        // SQLite's triggers cannot change the row being inserted: the new row is updated right after.
        await sql`create trigger events_status_insert after insert on events begin
          update events set status = (select posts.status from posts where posts.id = new.id) where id = new.id;
          end`.execute(db);
        await sql`create trigger posts_status_update after update of status on posts
          when new.status is not old.status begin
          update events set status = new.status where id = new.id;
          end`.execute(db);
      } else {
        await sql`update events set status = posts.status from posts where posts.id = events.id`.execute(db);
        await sql`create function copy_post_status_to_new_event() returns trigger language plpgsql as $$
          begin new.status := (select posts.status from posts where posts.id = new.id); return new; end $$`.execute(
          db,
        );
        await sql`create trigger events_status_insert before insert on events
          for each row execute function copy_post_status_to_new_event()`.execute(db);
        await sql`create function copy_post_status_to_event() returns trigger language plpgsql as $$
          begin update events set status = new.status where id = new.id; return null; end $$`.execute(db);
        await sql`create trigger posts_status_update after update of status on posts
          for each row when (new.status is distinct from old.status) execute function copy_post_status_to_event()`.execute(
          db,
        );
      }
      await db.schema
        .createIndex('events_listing')
        .on('events')
        .columns(['status', 'hide_from_listings', 'start_utc', 'end_utc'])
        .execute();
    },
  };
}
