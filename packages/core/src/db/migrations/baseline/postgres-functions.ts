/**
 * The PostgreSQL schema as migrations 0001 to 0021 left it, frozen (as `pg_dump --schema-only` wrote it, without
 * the name of the schema, so that it is made in whichever schema the connection's `search_path` names first):
 * the trigger functions. `set search_path from current` fixes, as the migrations did, the schema a trigger
 * fired by another program's session finds `data_version` in. Never edited: a change is a new migration.
 */
export const POSTGRES_FUNCTIONS: readonly string[] = [
  `CREATE FUNCTION calendar_bump_data_version() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
    AS $$
          begin
            update data_version set version = version + 1
              where id = 1 and xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
            return null;
          end $$`,
  `CREATE FUNCTION check_changed_event_links() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
      end $$`,
  `CREATE FUNCTION check_event_links() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
      end $$`,
  `CREATE FUNCTION check_posts_linked_from_events(linked integer[], statement text) RETURNS void
    LANGUAGE plpgsql
    AS $$
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
      end $$`,
  `CREATE FUNCTION copy_post_status_to_event() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          begin update events set status = new.status where id = new.id; return null; end $$`,
  `CREATE FUNCTION copy_post_status_to_new_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        update events set status = posts.status from posts
          where events.id = any(array(
              select new_events.id from new_events
              where new_events.status is distinct from (select p.status from posts as p where p.id = new_events.id)))
            and posts.id = events.id;
        return null;
      end $$`,
  `CREATE FUNCTION raise_event_duration_bound() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          begin update event_bounds set max_duration_seconds = cast(extract(epoch from (new.end_utc::timestamp - new.start_utc::timestamp)) as bigint) + 1
        where id = 1 and max_duration_seconds < cast(extract(epoch from (new.end_utc::timestamp - new.start_utc::timestamp)) as bigint) + 1; return new; end $$`,
  `CREATE FUNCTION raise_event_duration_bound_for_new_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        begin
          update event_bounds set max_duration_seconds = longest.seconds
            from (select max(cast(extract(epoch from (new_events.end_utc::timestamp - new_events.start_utc::timestamp)) as bigint) + 1) as seconds from new_events) as longest
            where event_bounds.id = 1 and event_bounds.max_duration_seconds < longest.seconds;
          return null;
        end $$`,
  `CREATE FUNCTION unlink_events_from_deleted_posts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
      end $$`,
];
