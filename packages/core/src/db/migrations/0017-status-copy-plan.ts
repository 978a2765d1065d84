import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * PostgreSQL's status copy on new events (migration 0013) planned its join afresh in each session, with as
 * many rows as the first insert of that session brought: after a first insert of hundreds of rows (a series
 * created on a new connection of the pool, an import), it hashed all of `posts` on every later insert of the
 * session, a sequential scan that grows with the calendar. The rows whose status needs copying are now found
 * one index look-up each (a subquery per new row, which PostgreSQL does not turn into a join), and only those
 * are updated; on an insert that names the right status, as the service's do, none. SQLite's row trigger
 * looks each row up already.
 */
export const statusCopyPlan = (traits: DialectTraits) => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    if (traits.name !== 'postgres') return;
    await sql`create or replace function copy_post_status_to_new_events() returns trigger language plpgsql as $$
      begin
        update events set status = posts.status from posts
          where events.id = any(array(
              select new_events.id from new_events
              where new_events.status is distinct from (select p.status from posts as p where p.id = new_events.id)))
            and posts.id = events.id;
        return null;
      end $$`.execute(db);
  },
});
