/**
 * The SQLite schema as migrations 0001 to 0021 left it, frozen: the text of every table, index and trigger
 * exactly as SQLite kept it in `sqlite_master` after the last of them (in the order they were made), then the
 * rows they wrote. A virtual table's own storage tables are made by the virtual table. Never edited: a change
 * of the schema is a new migration after the baseline. `schema.ts` says what each column means.
 */
export const SQLITE_BASELINE: readonly string[] = [
  `CREATE TABLE "users" ("id" integer primary key autoincrement, "login" text not null unique, "display_name" text not null, "role" text not null, "created_utc" text not null, "external_id" text)`,
  `CREATE TABLE "api_keys" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "name" text not null, "key_hash" text not null unique, "created_utc" text not null, "revoked_utc" text)`,
  `CREATE INDEX "api_keys_user_name" on "api_keys" ("user_id", "name")`,
  `CREATE TABLE "images" ("id" integer primary key autoincrement, "url" text not null unique, "width" integer, "height" integer, "mime_type" text, "filesize" integer, "created_utc" text not null)`,
  `CREATE TABLE "posts" ("id" integer primary key autoincrement, "type" text not null, "status" text not null, "author_id" integer not null references "users" ("id"), "slug" text not null, "date_utc" text not null, "modified_utc" text not null, "password" text default '' not null, "image_id" integer references "images" ("id") on delete set null, "trashed_from" text)`,
  `CREATE INDEX "posts_type_slug" on "posts" ("type", "slug")`,
  `CREATE INDEX "posts_type_status_date" on "posts" ("type", "status", "date_utc", "id")`,
  `CREATE INDEX "posts_author" on "posts" ("author_id")`,
  `CREATE TABLE "post_texts" ("post_id" integer not null references "posts" ("id") on delete cascade, "language" text not null, "title" text, "description" text, "excerpt" text, constraint "post_texts_pk" primary key ("post_id", "language"))`,
  `CREATE TABLE "events" ("id" integer primary key references "posts" ("id") on delete cascade, "start_local" text not null, "end_local" text not null, "start_utc" text not null, "end_utc" text not null, "timezone" text not null, "all_day" integer default 0 not null, "cost" text default '[]' not null, "currency_symbol" text default '' not null, "currency_code" text default '' not null, "currency_position" text default '' not null, "website" text, "show_map" integer default 1 not null, "show_map_link" integer default 1 not null, "hide_from_listings" integer default 0 not null, "sticky" integer default 0 not null, "featured" integer default 0 not null, "venue_id" integer references "posts" ("id") on delete set null, "parent_id" integer references "posts" ("id") on delete set null, "status" text default '' not null, "follows_id" integer, "series_id" integer references "posts" ("id") on delete set null, "original_start_utc" text)`,
  `CREATE INDEX "events_start" on "events" ("start_utc", "id")`,
  `CREATE INDEX "events_end" on "events" ("end_utc", "id")`,
  `CREATE TABLE "venues" ("id" integer primary key references "posts" ("id") on delete cascade, "address" text default '' not null, "city" text default '' not null, "country" text default '' not null, "province" text default '' not null, "state" text default '' not null, "zip" text default '' not null, "phone" text default '' not null, "stateprovince" text default '' not null, "website" text default '' not null, "show_map" integer default 1 not null, "show_map_link" integer default 1 not null, "geo_lat" real, "geo_lng" real)`,
  `CREATE INDEX "venues_geo" on "venues" ("geo_lat", "geo_lng")`,
  `CREATE TABLE "organizers" ("id" integer primary key references "posts" ("id") on delete cascade, "phone" text default '' not null, "website" text default '' not null, "email" text default '' not null)`,
  `CREATE TABLE "event_organizers" ("event_id" integer not null references "posts" ("id") on delete cascade, "organizer_id" integer not null references "posts" ("id") on delete cascade, "position" integer not null, constraint "event_organizers_pk" primary key ("event_id", "organizer_id"))`,
  `CREATE INDEX "event_organizers_organizer" on "event_organizers" ("organizer_id", "event_id")`,
  `CREATE TABLE "terms" ("id" integer primary key autoincrement, "taxonomy" text not null, "slug" text not null, "parent_id" integer default 0 not null, "event_count" integer default 0 not null)`,
  `CREATE UNIQUE INDEX "terms_taxonomy_slug" on "terms" ("taxonomy", "slug")`,
  `CREATE INDEX "terms_parent" on "terms" ("taxonomy", "parent_id")`,
  `CREATE TABLE "term_texts" ("term_id" integer not null references "terms" ("id") on delete cascade, "language" text not null, "name" text, "description" text, constraint "term_texts_pk" primary key ("term_id", "language"))`,
  `CREATE TABLE "event_terms" ("event_id" integer not null references "posts" ("id") on delete cascade, "term_id" integer not null references "terms" ("id") on delete cascade, "position" integer not null, constraint "event_terms_pk" primary key ("event_id", "term_id"))`,
  `CREATE INDEX "event_terms_term" on "event_terms" ("term_id", "event_id")`,
  `CREATE TABLE "event_search" ("id" integer primary key autoincrement, "event_id" integer not null references "posts" ("id") on delete cascade, "language" text not null, "body" text not null)`,
  `CREATE UNIQUE INDEX "event_search_event_language" on "event_search" ("event_id", "language")`,
  `CREATE VIRTUAL TABLE event_search_fts using fts5(body, content='event_search', content_rowid='id', tokenize='trigram')`,
  `CREATE TRIGGER event_search_ai after insert on event_search begin
          insert into event_search_fts(rowid, body) values (new.id, new.body); end`,
  `CREATE TRIGGER event_search_ad after delete on event_search begin
          insert into event_search_fts(event_search_fts, rowid, body) values ('delete', old.id, old.body); end`,
  `CREATE TRIGGER event_search_au after update on event_search begin
          insert into event_search_fts(event_search_fts, rowid, body) values ('delete', old.id, old.body);
          insert into event_search_fts(rowid, body) values (new.id, new.body); end`,
  `CREATE TABLE "data_version" ("id" integer primary key, "version" integer not null)`,
  `CREATE INDEX "events_featured" on "events" ("featured", "start_utc", "id")`,
  `CREATE TABLE "linked_post_search" ("post_id" integer primary key references "posts" ("id") on delete cascade, "body" text not null)`,
  `CREATE TABLE "term_search" ("term_id" integer primary key references "terms" ("id") on delete cascade, "body" text not null)`,
  `CREATE VIRTUAL TABLE "linked_post_search_fts" using fts5(body, content='linked_post_search', content_rowid='post_id', tokenize='trigram')`,
  `CREATE TRIGGER "linked_post_search_ai" after insert on "linked_post_search" begin
            insert into "linked_post_search_fts"(rowid, body) values (new."post_id", new.body); end`,
  `CREATE TRIGGER "linked_post_search_ad" after delete on "linked_post_search" begin
            insert into "linked_post_search_fts"("linked_post_search_fts", rowid, body) values ('delete', old."post_id", old.body); end`,
  `CREATE TRIGGER "linked_post_search_au" after update on "linked_post_search" begin
            insert into "linked_post_search_fts"("linked_post_search_fts", rowid, body) values ('delete', old."post_id", old.body);
            insert into "linked_post_search_fts"(rowid, body) values (new."post_id", new.body); end`,
  `CREATE VIRTUAL TABLE "term_search_fts" using fts5(body, content='term_search', content_rowid='term_id', tokenize='trigram')`,
  `CREATE TRIGGER "term_search_ai" after insert on "term_search" begin
            insert into "term_search_fts"(rowid, body) values (new."term_id", new.body); end`,
  `CREATE TRIGGER "term_search_ad" after delete on "term_search" begin
            insert into "term_search_fts"("term_search_fts", rowid, body) values ('delete', old."term_id", old.body); end`,
  `CREATE TRIGGER "term_search_au" after update on "term_search" begin
            insert into "term_search_fts"("term_search_fts", rowid, body) values ('delete', old."term_id", old.body);
            insert into "term_search_fts"(rowid, body) values (new."term_id", new.body); end`,
  `CREATE TABLE "event_bounds" ("id" integer primary key, "max_duration_seconds" bigint not null)`,
  `CREATE TRIGGER events_duration_insert after insert on events
            begin update event_bounds set max_duration_seconds = cast(round((julianday(new.end_utc) - julianday(new.start_utc)) * 86400) as integer) + 1
        where id = 1 and max_duration_seconds < cast(round((julianday(new.end_utc) - julianday(new.start_utc)) * 86400) as integer) + 1; end`,
  `CREATE TRIGGER events_duration_update after update of start_utc, end_utc on events
            begin update event_bounds set max_duration_seconds = cast(round((julianday(new.end_utc) - julianday(new.start_utc)) * 86400) as integer) + 1
        where id = 1 and max_duration_seconds < cast(round((julianday(new.end_utc) - julianday(new.start_utc)) * 86400) as integer) + 1; end`,
  `CREATE TRIGGER posts_status_update after update of status on posts
          when new.status is not old.status begin
          update events set status = new.status where id = new.id;
          end`,
  `CREATE INDEX "events_listing" on "events" ("status", "hide_from_listings", "start_utc", "end_utc")`,
  `CREATE INDEX "events_parent" on "events" ("parent_id", "status", "hide_from_listings", "start_utc")`,
  `CREATE TRIGGER "posts_insert_bumps_data_version"
        after insert on "posts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "posts_update_bumps_data_version"
        after update on "posts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "posts_delete_bumps_data_version"
        after delete on "posts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "post_texts_insert_bumps_data_version"
        after insert on "post_texts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "post_texts_update_bumps_data_version"
        after update on "post_texts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "post_texts_delete_bumps_data_version"
        after delete on "post_texts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "events_insert_bumps_data_version"
        after insert on "events"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "events_update_bumps_data_version"
        after update on "events"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "events_delete_bumps_data_version"
        after delete on "events"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "venues_insert_bumps_data_version"
        after insert on "venues"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "venues_update_bumps_data_version"
        after update on "venues"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "venues_delete_bumps_data_version"
        after delete on "venues"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "organizers_insert_bumps_data_version"
        after insert on "organizers"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "organizers_update_bumps_data_version"
        after update on "organizers"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "organizers_delete_bumps_data_version"
        after delete on "organizers"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_organizers_insert_bumps_data_version"
        after insert on "event_organizers"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_organizers_update_bumps_data_version"
        after update on "event_organizers"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_organizers_delete_bumps_data_version"
        after delete on "event_organizers"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "terms_insert_bumps_data_version"
        after insert on "terms"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "terms_update_bumps_data_version"
        after update on "terms"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "terms_delete_bumps_data_version"
        after delete on "terms"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "term_texts_insert_bumps_data_version"
        after insert on "term_texts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "term_texts_update_bumps_data_version"
        after update on "term_texts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "term_texts_delete_bumps_data_version"
        after delete on "term_texts"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_terms_insert_bumps_data_version"
        after insert on "event_terms"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_terms_update_bumps_data_version"
        after update on "event_terms"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_terms_delete_bumps_data_version"
        after delete on "event_terms"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "images_insert_bumps_data_version"
        after insert on "images"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "images_update_bumps_data_version"
        after update on "images"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "images_delete_bumps_data_version"
        after delete on "images"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "users_insert_bumps_data_version"
        after insert on "users"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "users_update_bumps_data_version"
        after update on "users"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "users_delete_bumps_data_version"
        after delete on "users"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE UNIQUE INDEX "users_external_id" on "users" ("external_id")`,
  `CREATE TABLE "event_series" ("event_id" integer primary key references "posts" ("id") on delete cascade, "recurrence" text not null, "horizon_utc" text not null)`,
  `CREATE INDEX "event_series_horizon" on "event_series" ("horizon_utc")`,
  `CREATE TABLE "event_ical" ("event_id" integer primary key references "posts" ("id") on delete cascade, "uid" text not null unique, "sequence" integer default 0 not null, "last_modified_utc" text)`,
  `CREATE TRIGGER "event_series_insert_bumps_data_version"
        after insert on "event_series"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_series_update_bumps_data_version"
        after update on "event_series"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_series_delete_bumps_data_version"
        after delete on "event_series"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_ical_insert_bumps_data_version"
        after insert on "event_ical"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_ical_update_bumps_data_version"
        after update on "event_ical"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "event_ical_delete_bumps_data_version"
        after delete on "event_ical"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER events_status_insert after insert on events
        when new.status is not (select posts.status from posts where posts.id = new.id) begin
        update events set status = (select posts.status from posts where posts.id = new.id) where id = new.id;
        end`,
  `CREATE TABLE "tec_origins" ("source" text not null, "kind" text not null, "source_id" integer not null, "post_id" integer references "posts" ("id") on delete cascade, "term_id" integer references "terms" ("id") on delete cascade, "global_id" text, "global_id_lineage" text, "modified_utc" text, "fingerprint" text not null, constraint "tec_origins_pk" primary key ("source", "kind", "source_id"))`,
  `CREATE UNIQUE INDEX "tec_origins_post" on "tec_origins" ("post_id")`,
  `CREATE UNIQUE INDEX "tec_origins_term" on "tec_origins" ("term_id")`,
  `CREATE TRIGGER "tec_origins_insert_bumps_data_version"
        after insert on "tec_origins"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "tec_origins_update_bumps_data_version"
        after update on "tec_origins"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE TRIGGER "tec_origins_delete_bumps_data_version"
        after delete on "tec_origins"
        begin update data_version set version = version + 1 where id = 1; end`,
  `CREATE INDEX "events_venue" on "events" ("venue_id", "start_utc", "id", "end_utc", "hide_from_listings", "status", "follows_id")`,
  `CREATE UNIQUE INDEX "events_series" on "events" ("series_id", "original_start_utc") where "series_id" is not null`,
  `CREATE TABLE "leases" ("name" text primary key, "holder" text not null, "expires_utc" text not null)`,
  `CREATE TABLE "series_extension_refusals" ("event_id" integer primary key references "event_series" ("event_id") on delete cascade, "series_modified_utc" text not null, "series_recurrence" text not null, "horizon_utc" text not null, "reason" text not null, "refused_utc" text not null)`,
  `CREATE INDEX "events_own_start" on "events" ("status", "hide_from_listings", "start_utc", "end_utc") where "follows_id" is null`,
  `CREATE INDEX "events_follower_start" on "events" ("follows_id", "start_utc", "id") where "follows_id" is not null`,
  `CREATE INDEX "events_exceptions" on "events" ("series_id", "original_start_utc") where "series_id" is not null and "follows_id" is null`,
  `insert into data_version (id, version) values (1, 0)`,
  `insert into event_bounds (id, max_duration_seconds) values (1, 0)`,
];
