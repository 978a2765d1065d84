import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * On PostgreSQL, an event's links to other posts (`venue_id`, `parent_id`, `series_id`) are checked once per
 * insert statement instead of once per row (issue 18). A foreign key checks each new row with a query of its
 * own: the 729 occurrences of a new daily series, which all name the same venue and the same series, made 2,187
 * such queries, a third of their insert. The triggers below keep what the three foreign keys kept, for this
 * service and for any other program writing the tables:
 *
 * - An insert of `events` fails with `foreign_key_violation` (23503) when a link names no post, and changes
 *   nothing; so does an update that changes a link to one (checked per row, the changed links only, as a key
 *   checks them). The posts linked are locked `for key share` first, as a foreign key's check locks them, so
 *   that a delete of one of them by a concurrent transaction waits for this one (and then unlinks its rows) or,
 *   when it came first, makes this one fail.
 * - Deleting posts sets the links to them to null (the keys' `on delete set null`), in one indexed update for
 *   the whole delete statement.
 *
 * `events.id` keeps its foreign key (each row names a post of its own: nothing to share) and its cascade;
 * SQLite keeps all four, whose checks cost it little.
 */
export const eventLinksPerStatement = (traits: DialectTraits) => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    if (traits.name !== 'postgres') return;
    for (const column of ['venue_id', 'parent_id', 'series_id'])
      await sql`alter table events drop constraint ${sql.id(`events_${column}_fkey`)}`.execute(db);
    // The posts an insert or update links to, locked as a foreign key's check locks them, then found or refused.
    await sql`create function check_posts_linked_from_events(linked integer[], statement text) returns void
      language plpgsql as $$
      declare
        missing integer;
      begin
        perform from posts where id = any(linked) for key share;
        select l.id into missing from unnest(linked) as l(id)
          where not exists (select from posts where posts.id = l.id) limit 1;
        if missing is not null then
          raise foreign_key_violation using
            message = format('%s table "events" links to post %s, which does not exist', statement, missing);
        end if;
      end $$`.execute(db);
    await sql`create function check_event_links() returns trigger language plpgsql as $$
      declare
        linked integer[];
      begin
        select coalesce(array_agg(distinct links.id), '{}') into linked from (
            select venue_id as id from new_events
            union all select parent_id from new_events
            union all select series_id from new_events) as links
          where links.id is not null;
        if cardinality(linked) > 0 then
          perform check_posts_linked_from_events(linked, 'insert into');
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger events_links_insert after insert on events referencing new table as new_events
      for each statement execute function check_event_links()`.execute(db);
    // An update checks, row by row, only the links it changed, as a foreign key does: a statement trigger would
    // run for every update of `events` (the status copied to each of a trashed series' 729 occurrences, one
    // statement each, doubled the time of trashing it).
    await sql`create function check_changed_event_links() returns trigger language plpgsql as $$
      declare
        changed integer[] := array_remove(array[
          case when new.venue_id is distinct from old.venue_id then new.venue_id end,
          case when new.parent_id is distinct from old.parent_id then new.parent_id end,
          case when new.series_id is distinct from old.series_id then new.series_id end], null);
      begin
        if cardinality(changed) > 0 then
          perform check_posts_linked_from_events(changed, 'update of');
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger events_links_update after update of venue_id, parent_id, series_id on events
      for each row when (new.venue_id is distinct from old.venue_id or new.parent_id is distinct from old.parent_id
        or new.series_id is distinct from old.series_id)
      execute function check_changed_event_links()`.execute(db);
    // One update for the three links (separate ones would check a row whose other link still names a deleted
    // post), each found through its index whatever the planner guesses of the deleted rows.
    await sql`create function unlink_events_from_deleted_posts() returns trigger language plpgsql as $$
      declare
        deleted integer[] := array(select id from old_posts);
      begin
        update events set
            venue_id = case when venue_id = any(deleted) then null else venue_id end,
            parent_id = case when parent_id = any(deleted) then null else parent_id end,
            series_id = case when series_id = any(deleted) then null else series_id end
          where venue_id = any(deleted) or parent_id = any(deleted)
            or (series_id = any(deleted) and series_id is not null);
        return null;
      end $$`.execute(db);
    await sql`create trigger posts_unlink_events after delete on posts referencing old table as old_posts
      for each statement execute function unlink_events_from_deleted_posts()`.execute(db);
  },
});
