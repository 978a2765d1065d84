
SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;
CREATE FUNCTION <schema>.calendar_bump_data_version() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '<schema>', 'public'
    AS $$
          begin
            update data_version set version = version + 1
              where id = 1 and xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
            return null;
          end $$;
CREATE FUNCTION <schema>.check_changed_event_links() RETURNS trigger
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
      end $$;
CREATE FUNCTION <schema>.check_event_links() RETURNS trigger
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
      end $$;
CREATE FUNCTION <schema>.check_posts_linked_from_events(linked integer[], statement text) RETURNS void
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
      end $$;
CREATE FUNCTION <schema>.copy_post_status_to_event() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          begin update events set status = new.status where id = new.id; return null; end $$;
CREATE FUNCTION <schema>.copy_post_status_to_new_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        update events set status = posts.status from posts
          where events.id = any(array(
              select new_events.id from new_events
              where new_events.status is distinct from (select p.status from posts as p where p.id = new_events.id)))
            and posts.id = events.id;
        return null;
      end $$;
CREATE FUNCTION <schema>.raise_event_duration_bound() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          begin update event_bounds set max_duration_seconds = cast(extract(epoch from (new.end_utc::timestamp - new.start_utc::timestamp)) as bigint) + 1
        where id = 1 and max_duration_seconds < cast(extract(epoch from (new.end_utc::timestamp - new.start_utc::timestamp)) as bigint) + 1; return new; end $$;
CREATE FUNCTION <schema>.raise_event_duration_bound_for_new_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        begin
          update event_bounds set max_duration_seconds = longest.seconds
            from (select max(cast(extract(epoch from (new_events.end_utc::timestamp - new_events.start_utc::timestamp)) as bigint) + 1) as seconds from new_events) as longest
            where event_bounds.id = 1 and event_bounds.max_duration_seconds < longest.seconds;
          return null;
        end $$;
CREATE FUNCTION <schema>.unlink_events_from_deleted_posts() RETURNS trigger
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
      end $$;
SET default_tablespace = '';
SET default_table_access_method = heap;
CREATE TABLE <schema>.api_keys (
    id integer NOT NULL,
    user_id integer NOT NULL,
    name text NOT NULL,
    key_hash text NOT NULL,
    created_utc text NOT NULL,
    revoked_utc text
);
CREATE SEQUENCE <schema>.api_keys_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE <schema>.api_keys_id_seq OWNED BY <schema>.api_keys.id;
CREATE TABLE <schema>.data_version (
    id integer NOT NULL,
    version integer NOT NULL
);
CREATE TABLE <schema>.event_bounds (
    id integer NOT NULL,
    max_duration_seconds bigint NOT NULL
);
CREATE TABLE <schema>.event_ical (
    event_id integer NOT NULL,
    uid text NOT NULL,
    sequence integer DEFAULT 0 NOT NULL,
    last_modified_utc text
);
CREATE TABLE <schema>.event_organizers (
    event_id integer NOT NULL,
    organizer_id integer NOT NULL,
    "position" integer NOT NULL
);
CREATE TABLE <schema>.event_search (
    id integer NOT NULL,
    event_id integer NOT NULL,
    language text NOT NULL,
    body text NOT NULL
);
CREATE SEQUENCE <schema>.event_search_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE <schema>.event_search_id_seq OWNED BY <schema>.event_search.id;
CREATE TABLE <schema>.event_series (
    event_id integer NOT NULL,
    recurrence text NOT NULL,
    horizon_utc text NOT NULL
);
CREATE TABLE <schema>.event_terms (
    event_id integer NOT NULL,
    term_id integer NOT NULL,
    "position" integer NOT NULL
);
CREATE TABLE <schema>.events (
    id integer NOT NULL,
    start_local text NOT NULL,
    end_local text NOT NULL,
    start_utc text NOT NULL,
    end_utc text NOT NULL,
    timezone text NOT NULL,
    all_day integer DEFAULT 0 NOT NULL,
    cost text DEFAULT '[]'::text NOT NULL,
    currency_symbol text DEFAULT ''::text NOT NULL,
    currency_code text DEFAULT ''::text NOT NULL,
    currency_position text DEFAULT ''::text NOT NULL,
    website text,
    show_map integer DEFAULT 1 NOT NULL,
    show_map_link integer DEFAULT 1 NOT NULL,
    hide_from_listings integer DEFAULT 0 NOT NULL,
    sticky integer DEFAULT 0 NOT NULL,
    featured integer DEFAULT 0 NOT NULL,
    venue_id integer,
    parent_id integer,
    status text DEFAULT ''::text NOT NULL,
    follows_id integer,
    series_id integer,
    original_start_utc text
);
CREATE TABLE <schema>.images (
    id integer NOT NULL,
    url text NOT NULL,
    width integer,
    height integer,
    mime_type text,
    filesize integer,
    created_utc text NOT NULL
);
CREATE SEQUENCE <schema>.images_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE <schema>.images_id_seq OWNED BY <schema>.images.id;
CREATE TABLE <schema>.kysely_migration (
    name character varying(255) NOT NULL,
    "timestamp" character varying(255) NOT NULL
);
CREATE TABLE <schema>.kysely_migration_lock (
    id character varying(255) NOT NULL,
    is_locked integer DEFAULT 0 NOT NULL
);
CREATE TABLE <schema>.leases (
    name text NOT NULL,
    holder text NOT NULL,
    expires_utc text NOT NULL
);
CREATE TABLE <schema>.linked_post_search (
    post_id integer NOT NULL,
    body text NOT NULL
);
CREATE TABLE <schema>.organizers (
    id integer NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    website text DEFAULT ''::text NOT NULL,
    email text DEFAULT ''::text NOT NULL
);
CREATE TABLE <schema>.post_texts (
    post_id integer NOT NULL,
    language text NOT NULL,
    title text,
    description text,
    excerpt text
);
CREATE TABLE <schema>.posts (
    id integer NOT NULL,
    type text NOT NULL,
    status text NOT NULL,
    author_id integer NOT NULL,
    slug text NOT NULL,
    date_utc text NOT NULL,
    modified_utc text NOT NULL,
    password text DEFAULT ''::text NOT NULL,
    image_id integer,
    trashed_from text
);
CREATE SEQUENCE <schema>.posts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE <schema>.posts_id_seq OWNED BY <schema>.posts.id;
CREATE TABLE <schema>.series_extension_refusals (
    event_id integer NOT NULL,
    series_modified_utc text NOT NULL,
    series_recurrence text NOT NULL,
    horizon_utc text NOT NULL,
    reason text NOT NULL,
    refused_utc text NOT NULL
);
CREATE TABLE <schema>.tec_origins (
    source text NOT NULL,
    kind text NOT NULL,
    source_id integer NOT NULL,
    post_id integer,
    term_id integer,
    global_id text,
    global_id_lineage text,
    modified_utc text,
    fingerprint text NOT NULL
);
CREATE TABLE <schema>.term_search (
    term_id integer NOT NULL,
    body text NOT NULL
);
CREATE TABLE <schema>.term_texts (
    term_id integer NOT NULL,
    language text NOT NULL,
    name text,
    description text
);
CREATE TABLE <schema>.terms (
    id integer NOT NULL,
    taxonomy text NOT NULL,
    slug text NOT NULL,
    parent_id integer DEFAULT 0 NOT NULL,
    event_count integer DEFAULT 0 NOT NULL
);
CREATE SEQUENCE <schema>.terms_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE <schema>.terms_id_seq OWNED BY <schema>.terms.id;
CREATE TABLE <schema>.users (
    id integer NOT NULL,
    login text NOT NULL,
    display_name text NOT NULL,
    role text NOT NULL,
    created_utc text NOT NULL,
    external_id text
);
CREATE SEQUENCE <schema>.users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE <schema>.users_id_seq OWNED BY <schema>.users.id;
CREATE TABLE <schema>.venues (
    id integer NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    city text DEFAULT ''::text NOT NULL,
    country text DEFAULT ''::text NOT NULL,
    province text DEFAULT ''::text NOT NULL,
    state text DEFAULT ''::text NOT NULL,
    zip text DEFAULT ''::text NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    stateprovince text DEFAULT ''::text NOT NULL,
    website text DEFAULT ''::text NOT NULL,
    show_map integer DEFAULT 1 NOT NULL,
    show_map_link integer DEFAULT 1 NOT NULL,
    geo_lat real,
    geo_lng real
);
ALTER TABLE ONLY <schema>.api_keys ALTER COLUMN id SET DEFAULT nextval('<schema>.api_keys_id_seq'::regclass);
ALTER TABLE ONLY <schema>.event_search ALTER COLUMN id SET DEFAULT nextval('<schema>.event_search_id_seq'::regclass);
ALTER TABLE ONLY <schema>.images ALTER COLUMN id SET DEFAULT nextval('<schema>.images_id_seq'::regclass);
ALTER TABLE ONLY <schema>.posts ALTER COLUMN id SET DEFAULT nextval('<schema>.posts_id_seq'::regclass);
ALTER TABLE ONLY <schema>.terms ALTER COLUMN id SET DEFAULT nextval('<schema>.terms_id_seq'::regclass);
ALTER TABLE ONLY <schema>.users ALTER COLUMN id SET DEFAULT nextval('<schema>.users_id_seq'::regclass);
INSERT INTO <schema>.api_keys VALUES (1, 1, 'demo', 'b2c306b904e491930aa7e38295aad8f231d2dfc992f32a17d1e6248ba5a75f2f', '2026-11-20 10:00:00', NULL);
INSERT INTO <schema>.data_version VALUES (1, 9);
INSERT INTO <schema>.event_bounds VALUES (1, 7201);
INSERT INTO <schema>.event_organizers VALUES (3, 2, 0);
INSERT INTO <schema>.event_search VALUES (1, 3, 'en', 'Harbour concert
<p>Brass by the water.</p>');
INSERT INTO <schema>.event_search VALUES (2, 3, 'de', 'Harbour concert
<p>Brass by the water.</p>');
INSERT INTO <schema>.event_search VALUES (3, 4, 'en', 'Weekly rehearsal
');
INSERT INTO <schema>.event_search VALUES (4, 4, 'de', 'Weekly rehearsal
');
INSERT INTO <schema>.event_search VALUES (7, 5, 'en', 'Rehearsal, moved to the church
');
INSERT INTO <schema>.event_search VALUES (8, 5, 'de', 'Rehearsal, moved to the church
');
INSERT INTO <schema>.event_search VALUES (9, 10, 'en', 'Draft idea
');
INSERT INTO <schema>.event_search VALUES (10, 10, 'de', 'Draft idea
');
INSERT INTO <schema>.event_series VALUES (4, '["RRULE:FREQ=WEEKLY;COUNT=6"]', '2028-11-27 23:57:32');
INSERT INTO <schema>.event_terms VALUES (3, 1, 0);
INSERT INTO <schema>.event_terms VALUES (3, 2, 0);
INSERT INTO <schema>.event_terms VALUES (4, 1, 0);
INSERT INTO <schema>.event_terms VALUES (5, 1, 0);
INSERT INTO <schema>.events VALUES (3, '2026-12-05 19:30:00', '2026-12-05 21:30:00', '2026-12-05 18:30:00', '2026-12-05 20:30:00', 'Europe/Amsterdam', 0, '["10"]', '', '', '', NULL, 0, 0, 0, 0, 0, 1, NULL, 'publish', NULL, NULL, NULL);
INSERT INTO <schema>.events VALUES (4, '2026-12-01 19:00:00', '2026-12-01 21:00:00', '2026-12-01 18:00:00', '2026-12-01 20:00:00', 'Europe/Amsterdam', 0, '[]', '', '', '', NULL, 0, 0, 0, 0, 0, 1, NULL, 'publish', NULL, NULL, NULL);
INSERT INTO <schema>.events VALUES (6, '2026-12-15 19:00:00', '2026-12-15 21:00:00', '2026-12-15 18:00:00', '2026-12-15 20:00:00', 'Europe/Amsterdam', 0, '[]', '', '', '', NULL, 0, 0, 0, 0, 0, 1, 4, 'publish', 4, 4, '2026-12-15 18:00:00');
INSERT INTO <schema>.events VALUES (7, '2026-12-22 19:00:00', '2026-12-22 21:00:00', '2026-12-22 18:00:00', '2026-12-22 20:00:00', 'Europe/Amsterdam', 0, '[]', '', '', '', NULL, 0, 0, 0, 0, 0, 1, 4, 'publish', 4, 4, '2026-12-22 18:00:00');
INSERT INTO <schema>.events VALUES (8, '2026-12-29 19:00:00', '2026-12-29 21:00:00', '2026-12-29 18:00:00', '2026-12-29 20:00:00', 'Europe/Amsterdam', 0, '[]', '', '', '', NULL, 0, 0, 0, 0, 0, 1, 4, 'publish', 4, 4, '2026-12-29 18:00:00');
INSERT INTO <schema>.events VALUES (9, '2027-01-05 19:00:00', '2027-01-05 21:00:00', '2027-01-05 18:00:00', '2027-01-05 20:00:00', 'Europe/Amsterdam', 0, '[]', '', '', '', NULL, 0, 0, 0, 0, 0, 1, 4, 'publish', 4, 4, '2027-01-05 18:00:00');
INSERT INTO <schema>.events VALUES (5, '2026-12-08 20:00:00', '2026-12-08 22:00:00', '2026-12-08 19:00:00', '2026-12-08 21:00:00', 'Europe/Amsterdam', 0, '[]', '', '', '', NULL, 0, 0, 0, 0, 0, 1, 4, 'publish', NULL, 4, '2026-12-08 18:00:00');
INSERT INTO <schema>.events VALUES (10, '2027-01-10 10:00:00', '2027-01-10 11:00:00', '2027-01-10 10:00:00', '2027-01-10 11:00:00', 'UTC', 0, '[]', '', '', '', NULL, 0, 0, 0, 0, 0, NULL, NULL, 'draft', NULL, NULL, NULL);
INSERT INTO <schema>.kysely_migration VALUES ('0001-initial', '2026-11-27T23:57:30.590Z');
INSERT INTO <schema>.kysely_migration VALUES ('0002-event-search', '2026-11-27T23:57:30.654Z');
INSERT INTO <schema>.kysely_migration VALUES ('0003-data-version', '2026-11-27T23:57:30.674Z');
INSERT INTO <schema>.kysely_migration VALUES ('0004-term-counts', '2026-11-27T23:57:30.696Z');
INSERT INTO <schema>.kysely_migration VALUES ('0005-search-indexes', '2026-11-27T23:57:30.771Z');
INSERT INTO <schema>.kysely_migration VALUES ('0006-venue-start-index', '2026-11-27T23:57:30.780Z');
INSERT INTO <schema>.kysely_migration VALUES ('0007-event-duration-bound', '2026-11-27T23:57:30.806Z');
INSERT INTO <schema>.kysely_migration VALUES ('0008-event-listing-status', '2026-11-27T23:57:30.838Z');
INSERT INTO <schema>.kysely_migration VALUES ('0009-venue-listing-index', '2026-11-27T23:57:30.864Z');
INSERT INTO <schema>.kysely_migration VALUES ('0010-data-version-triggers', '2026-11-27T23:57:30.882Z');
INSERT INTO <schema>.kysely_migration VALUES ('0011-user-external-id', '2026-11-27T23:57:30.900Z');
INSERT INTO <schema>.kysely_migration VALUES ('0012-recurrence', '2026-11-27T23:57:30.991Z');
INSERT INTO <schema>.kysely_migration VALUES ('0013-occurrence-writes', '2026-11-27T23:57:31.031Z');
INSERT INTO <schema>.kysely_migration VALUES ('0014-tec-origins', '2026-11-27T23:57:31.070Z');
INSERT INTO <schema>.kysely_migration VALUES ('0015-occurrence-rows', '2026-11-27T23:57:31.100Z');
INSERT INTO <schema>.kysely_migration VALUES ('0016-occurrence-columns', '2026-11-27T23:57:31.144Z');
INSERT INTO <schema>.kysely_migration VALUES ('0017-status-copy-plan', '2026-11-27T23:57:31.149Z');
INSERT INTO <schema>.kysely_migration VALUES ('0018-event-links-per-statement', '2026-11-27T23:57:31.192Z');
INSERT INTO <schema>.kysely_migration VALUES ('0019-event-owner-index', '2026-11-27T23:57:31.216Z');
INSERT INTO <schema>.kysely_migration VALUES ('0020-horizon-keeper', '2026-11-27T23:57:31.264Z');
INSERT INTO <schema>.kysely_migration VALUES ('0021-feed-head-indexes', '2026-11-27T23:57:31.308Z');
INSERT INTO <schema>.kysely_migration_lock VALUES ('migration_lock', 0);
INSERT INTO <schema>.linked_post_search VALUES (1, 'Stadhuisbrug 1
Utrecht
Town Hall');
INSERT INTO <schema>.linked_post_search VALUES (2, 'info@example.org
Music Society');
INSERT INTO <schema>.organizers VALUES (2, '', '', 'info@example.org');
INSERT INTO <schema>.post_texts VALUES (1, 'en', 'Town Hall', NULL, NULL);
INSERT INTO <schema>.post_texts VALUES (2, 'en', 'Music Society', NULL, NULL);
INSERT INTO <schema>.post_texts VALUES (3, 'en', 'Harbour concert', '<p>Brass by the water.</p>', NULL);
INSERT INTO <schema>.post_texts VALUES (4, 'en', 'Weekly rehearsal', NULL, NULL);
INSERT INTO <schema>.post_texts VALUES (5, 'en', 'Rehearsal, moved to the church', NULL, NULL);
INSERT INTO <schema>.post_texts VALUES (10, 'en', 'Draft idea', NULL, NULL);
INSERT INTO <schema>.posts VALUES (1, 'venue', 'publish', 1, 'town-hall', '2026-11-27 23:57:31', '2026-11-27 23:57:31', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (2, 'organizer', 'publish', 1, 'music-society', '2026-11-27 23:57:31', '2026-11-27 23:57:31', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (3, 'event', 'publish', 1, 'harbour-concert', '2026-11-27 23:57:31', '2026-11-27 23:57:31', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (4, 'event', 'publish', 1, 'weekly-rehearsal', '2026-11-27 23:57:32', '2026-11-27 23:57:32', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (6, 'event', 'publish', 1, 'weekly-rehearsal', '2026-11-27 23:57:32', '2026-11-27 23:57:32', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (7, 'event', 'publish', 1, 'weekly-rehearsal', '2026-11-27 23:57:32', '2026-11-27 23:57:32', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (8, 'event', 'publish', 1, 'weekly-rehearsal', '2026-11-27 23:57:32', '2026-11-27 23:57:32', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (9, 'event', 'publish', 1, 'weekly-rehearsal', '2026-11-27 23:57:32', '2026-11-27 23:57:32', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (5, 'event', 'publish', 1, 'weekly-rehearsal', '2026-11-27 23:57:32', '2026-11-27 23:57:32', '', NULL, NULL);
INSERT INTO <schema>.posts VALUES (10, 'event', 'draft', 1, 'draft-idea', '2026-11-27 23:57:32', '2026-11-27 23:57:32', '', NULL, NULL);
INSERT INTO <schema>.term_search VALUES (1, 'concerts
Concerts');
INSERT INTO <schema>.term_search VALUES (2, 'outdoor
Outdoor');
INSERT INTO <schema>.term_texts VALUES (1, 'en', 'Concerts', NULL);
INSERT INTO <schema>.term_texts VALUES (2, 'en', 'Outdoor', NULL);
INSERT INTO <schema>.terms VALUES (2, 'tag', 'outdoor', 0, 1);
INSERT INTO <schema>.terms VALUES (1, 'category', 'concerts', 0, 7);
INSERT INTO <schema>.users VALUES (1, 'admin', 'admin', 'administrator', '2026-11-20 10:00:00', NULL);
INSERT INTO <schema>.venues VALUES (1, 'Stadhuisbrug 1', 'Utrecht', '', '', '', '', '', '', '', 1, 1, NULL, NULL);
SELECT pg_catalog.setval('<schema>.api_keys_id_seq', 1, true);
SELECT pg_catalog.setval('<schema>.event_search_id_seq', 10, true);
SELECT pg_catalog.setval('<schema>.images_id_seq', 1, false);
SELECT pg_catalog.setval('<schema>.posts_id_seq', 10, true);
SELECT pg_catalog.setval('<schema>.terms_id_seq', 2, true);
SELECT pg_catalog.setval('<schema>.users_id_seq', 1, true);
ALTER TABLE ONLY <schema>.api_keys
    ADD CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash);
ALTER TABLE ONLY <schema>.api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.data_version
    ADD CONSTRAINT data_version_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.event_bounds
    ADD CONSTRAINT event_bounds_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.event_ical
    ADD CONSTRAINT event_ical_pkey PRIMARY KEY (event_id);
ALTER TABLE ONLY <schema>.event_ical
    ADD CONSTRAINT event_ical_uid_key UNIQUE (uid);
ALTER TABLE ONLY <schema>.event_organizers
    ADD CONSTRAINT event_organizers_pk PRIMARY KEY (event_id, organizer_id);
ALTER TABLE ONLY <schema>.event_search
    ADD CONSTRAINT event_search_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.event_series
    ADD CONSTRAINT event_series_pkey PRIMARY KEY (event_id);
ALTER TABLE ONLY <schema>.event_terms
    ADD CONSTRAINT event_terms_pk PRIMARY KEY (event_id, term_id);
ALTER TABLE ONLY <schema>.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.images
    ADD CONSTRAINT images_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.images
    ADD CONSTRAINT images_url_key UNIQUE (url);
ALTER TABLE ONLY <schema>.kysely_migration_lock
    ADD CONSTRAINT kysely_migration_lock_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.kysely_migration
    ADD CONSTRAINT kysely_migration_pkey PRIMARY KEY (name);
ALTER TABLE ONLY <schema>.leases
    ADD CONSTRAINT leases_pkey PRIMARY KEY (name);
ALTER TABLE ONLY <schema>.linked_post_search
    ADD CONSTRAINT linked_post_search_pkey PRIMARY KEY (post_id);
ALTER TABLE ONLY <schema>.organizers
    ADD CONSTRAINT organizers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.post_texts
    ADD CONSTRAINT post_texts_pk PRIMARY KEY (post_id, language);
ALTER TABLE ONLY <schema>.posts
    ADD CONSTRAINT posts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.series_extension_refusals
    ADD CONSTRAINT series_extension_refusals_pkey PRIMARY KEY (event_id);
ALTER TABLE ONLY <schema>.tec_origins
    ADD CONSTRAINT tec_origins_pk PRIMARY KEY (source, kind, source_id);
ALTER TABLE ONLY <schema>.term_search
    ADD CONSTRAINT term_search_pkey PRIMARY KEY (term_id);
ALTER TABLE ONLY <schema>.term_texts
    ADD CONSTRAINT term_texts_pk PRIMARY KEY (term_id, language);
ALTER TABLE ONLY <schema>.terms
    ADD CONSTRAINT terms_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.users
    ADD CONSTRAINT users_login_key UNIQUE (login);
ALTER TABLE ONLY <schema>.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY <schema>.venues
    ADD CONSTRAINT venues_pkey PRIMARY KEY (id);
CREATE INDEX api_keys_user_name ON <schema>.api_keys USING btree (user_id, name);
CREATE INDEX event_organizers_organizer ON <schema>.event_organizers USING btree (organizer_id, event_id);
CREATE INDEX event_search_body_trgm ON <schema>.event_search USING gin (body public.gin_trgm_ops);
CREATE UNIQUE INDEX event_search_event_language ON <schema>.event_search USING btree (event_id, language);
CREATE INDEX event_series_horizon ON <schema>.event_series USING btree (horizon_utc);
CREATE INDEX event_terms_term ON <schema>.event_terms USING btree (term_id, event_id);
CREATE INDEX events_end ON <schema>.events USING btree (end_utc, id);
CREATE INDEX events_exceptions ON <schema>.events USING btree (series_id, original_start_utc) WHERE ((series_id IS NOT NULL) AND (follows_id IS NULL));
CREATE INDEX events_featured ON <schema>.events USING btree (featured, start_utc, id);
CREATE INDEX events_follower_start ON <schema>.events USING btree (follows_id, start_utc, id) WHERE (follows_id IS NOT NULL);
CREATE INDEX events_listing ON <schema>.events USING btree (status, hide_from_listings, start_utc, end_utc);
CREATE INDEX events_own_start ON <schema>.events USING btree (status, hide_from_listings, start_utc, end_utc) WHERE (follows_id IS NULL);
CREATE INDEX events_owner ON <schema>.events USING btree (COALESCE(follows_id, id));
CREATE INDEX events_parent ON <schema>.events USING btree (parent_id, status, hide_from_listings, start_utc);
CREATE UNIQUE INDEX events_series ON <schema>.events USING btree (series_id, original_start_utc) WHERE (series_id IS NOT NULL);
CREATE INDEX events_start ON <schema>.events USING btree (start_utc, id);
CREATE INDEX events_venue ON <schema>.events USING btree (venue_id, start_utc, id, end_utc, hide_from_listings, status, follows_id);
CREATE INDEX linked_post_search_body_trgm ON <schema>.linked_post_search USING gin (body public.gin_trgm_ops);
CREATE INDEX posts_author ON <schema>.posts USING btree (author_id);
CREATE INDEX posts_type_slug ON <schema>.posts USING btree (type, slug);
CREATE INDEX posts_type_status_date ON <schema>.posts USING btree (type, status, date_utc, id);
CREATE UNIQUE INDEX tec_origins_post ON <schema>.tec_origins USING btree (post_id);
CREATE UNIQUE INDEX tec_origins_term ON <schema>.tec_origins USING btree (term_id);
CREATE INDEX term_search_body_trgm ON <schema>.term_search USING gin (body public.gin_trgm_ops);
CREATE INDEX terms_parent ON <schema>.terms USING btree (taxonomy, parent_id);
CREATE UNIQUE INDEX terms_taxonomy_slug ON <schema>.terms USING btree (taxonomy, slug);
CREATE UNIQUE INDEX users_external_id ON <schema>.users USING btree (external_id);
CREATE INDEX venues_geo ON <schema>.venues USING btree (geo_lat, geo_lng);
CREATE TRIGGER event_ical_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.event_ical FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER event_organizers_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.event_organizers FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER event_series_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.event_series FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER event_terms_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.event_terms FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER events_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.events FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER events_duration AFTER UPDATE OF start_utc, end_utc ON <schema>.events FOR EACH ROW EXECUTE FUNCTION <schema>.raise_event_duration_bound();
CREATE TRIGGER events_duration_insert AFTER INSERT ON <schema>.events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION <schema>.raise_event_duration_bound_for_new_events();
CREATE TRIGGER events_links_insert AFTER INSERT ON <schema>.events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION <schema>.check_event_links();
CREATE TRIGGER events_links_update AFTER UPDATE OF venue_id, parent_id, series_id ON <schema>.events FOR EACH ROW WHEN (((new.venue_id IS DISTINCT FROM old.venue_id) OR (new.parent_id IS DISTINCT FROM old.parent_id) OR (new.series_id IS DISTINCT FROM old.series_id))) EXECUTE FUNCTION <schema>.check_changed_event_links();
CREATE TRIGGER events_status_insert AFTER INSERT ON <schema>.events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION <schema>.copy_post_status_to_new_events();
CREATE TRIGGER images_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.images FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER organizers_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.organizers FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER post_texts_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.post_texts FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER posts_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.posts FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER posts_status_update AFTER UPDATE OF status ON <schema>.posts FOR EACH ROW WHEN ((new.status IS DISTINCT FROM old.status)) EXECUTE FUNCTION <schema>.copy_post_status_to_event();
CREATE TRIGGER posts_unlink_events AFTER DELETE ON <schema>.posts REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION <schema>.unlink_events_from_deleted_posts();
CREATE TRIGGER tec_origins_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.tec_origins FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER term_texts_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.term_texts FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER terms_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.terms FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER users_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.users FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
CREATE TRIGGER venues_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON <schema>.venues FOR EACH STATEMENT EXECUTE FUNCTION <schema>.calendar_bump_data_version();
ALTER TABLE ONLY <schema>.api_keys
    ADD CONSTRAINT api_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES <schema>.users(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.event_ical
    ADD CONSTRAINT event_ical_event_id_fkey FOREIGN KEY (event_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.event_organizers
    ADD CONSTRAINT event_organizers_event_id_fkey FOREIGN KEY (event_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.event_organizers
    ADD CONSTRAINT event_organizers_organizer_id_fkey FOREIGN KEY (organizer_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.event_search
    ADD CONSTRAINT event_search_event_id_fkey FOREIGN KEY (event_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.event_series
    ADD CONSTRAINT event_series_event_id_fkey FOREIGN KEY (event_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.event_terms
    ADD CONSTRAINT event_terms_event_id_fkey FOREIGN KEY (event_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.event_terms
    ADD CONSTRAINT event_terms_term_id_fkey FOREIGN KEY (term_id) REFERENCES <schema>.terms(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.events
    ADD CONSTRAINT events_id_fkey FOREIGN KEY (id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.linked_post_search
    ADD CONSTRAINT linked_post_search_post_id_fkey FOREIGN KEY (post_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.organizers
    ADD CONSTRAINT organizers_id_fkey FOREIGN KEY (id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.post_texts
    ADD CONSTRAINT post_texts_post_id_fkey FOREIGN KEY (post_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.posts
    ADD CONSTRAINT posts_author_id_fkey FOREIGN KEY (author_id) REFERENCES <schema>.users(id);
ALTER TABLE ONLY <schema>.posts
    ADD CONSTRAINT posts_image_id_fkey FOREIGN KEY (image_id) REFERENCES <schema>.images(id) ON DELETE SET NULL;
ALTER TABLE ONLY <schema>.series_extension_refusals
    ADD CONSTRAINT series_extension_refusals_event_id_fkey FOREIGN KEY (event_id) REFERENCES <schema>.event_series(event_id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.tec_origins
    ADD CONSTRAINT tec_origins_post_id_fkey FOREIGN KEY (post_id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.tec_origins
    ADD CONSTRAINT tec_origins_term_id_fkey FOREIGN KEY (term_id) REFERENCES <schema>.terms(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.term_search
    ADD CONSTRAINT term_search_term_id_fkey FOREIGN KEY (term_id) REFERENCES <schema>.terms(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.term_texts
    ADD CONSTRAINT term_texts_term_id_fkey FOREIGN KEY (term_id) REFERENCES <schema>.terms(id) ON DELETE CASCADE;
ALTER TABLE ONLY <schema>.venues
    ADD CONSTRAINT venues_id_fkey FOREIGN KEY (id) REFERENCES <schema>.posts(id) ON DELETE CASCADE;
