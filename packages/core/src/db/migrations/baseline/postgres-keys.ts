/**
 * The PostgreSQL schema as migrations 0001 to 0021 left it, frozen (see `postgres-functions.ts`): primary keys,
 * unique and foreign-key constraints, indexes and triggers, then the rows the migrations wrote.
 */
export const POSTGRES_KEYS: readonly string[] = [
  `ALTER TABLE ONLY api_keys
    ADD CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash)`,
  `ALTER TABLE ONLY api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY data_version
    ADD CONSTRAINT data_version_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY event_bounds
    ADD CONSTRAINT event_bounds_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY event_ical
    ADD CONSTRAINT event_ical_pkey PRIMARY KEY (event_id)`,
  `ALTER TABLE ONLY event_ical
    ADD CONSTRAINT event_ical_uid_key UNIQUE (uid)`,
  `ALTER TABLE ONLY event_organizers
    ADD CONSTRAINT event_organizers_pk PRIMARY KEY (event_id, organizer_id)`,
  `ALTER TABLE ONLY event_search
    ADD CONSTRAINT event_search_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY event_series
    ADD CONSTRAINT event_series_pkey PRIMARY KEY (event_id)`,
  `ALTER TABLE ONLY event_terms
    ADD CONSTRAINT event_terms_pk PRIMARY KEY (event_id, term_id)`,
  `ALTER TABLE ONLY events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY images
    ADD CONSTRAINT images_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY images
    ADD CONSTRAINT images_url_key UNIQUE (url)`,
  `ALTER TABLE ONLY leases
    ADD CONSTRAINT leases_pkey PRIMARY KEY (name)`,
  `ALTER TABLE ONLY linked_post_search
    ADD CONSTRAINT linked_post_search_pkey PRIMARY KEY (post_id)`,
  `ALTER TABLE ONLY organizers
    ADD CONSTRAINT organizers_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY post_texts
    ADD CONSTRAINT post_texts_pk PRIMARY KEY (post_id, language)`,
  `ALTER TABLE ONLY posts
    ADD CONSTRAINT posts_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY series_extension_refusals
    ADD CONSTRAINT series_extension_refusals_pkey PRIMARY KEY (event_id)`,
  `ALTER TABLE ONLY tec_origins
    ADD CONSTRAINT tec_origins_pk PRIMARY KEY (source, kind, source_id)`,
  `ALTER TABLE ONLY term_search
    ADD CONSTRAINT term_search_pkey PRIMARY KEY (term_id)`,
  `ALTER TABLE ONLY term_texts
    ADD CONSTRAINT term_texts_pk PRIMARY KEY (term_id, language)`,
  `ALTER TABLE ONLY terms
    ADD CONSTRAINT terms_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY users
    ADD CONSTRAINT users_login_key UNIQUE (login)`,
  `ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY venues
    ADD CONSTRAINT venues_pkey PRIMARY KEY (id)`,
  `ALTER TABLE ONLY api_keys
    ADD CONSTRAINT api_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY event_ical
    ADD CONSTRAINT event_ical_event_id_fkey FOREIGN KEY (event_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY event_organizers
    ADD CONSTRAINT event_organizers_event_id_fkey FOREIGN KEY (event_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY event_organizers
    ADD CONSTRAINT event_organizers_organizer_id_fkey FOREIGN KEY (organizer_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY event_search
    ADD CONSTRAINT event_search_event_id_fkey FOREIGN KEY (event_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY event_series
    ADD CONSTRAINT event_series_event_id_fkey FOREIGN KEY (event_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY event_terms
    ADD CONSTRAINT event_terms_event_id_fkey FOREIGN KEY (event_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY event_terms
    ADD CONSTRAINT event_terms_term_id_fkey FOREIGN KEY (term_id) REFERENCES terms(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY events
    ADD CONSTRAINT events_id_fkey FOREIGN KEY (id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY linked_post_search
    ADD CONSTRAINT linked_post_search_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY organizers
    ADD CONSTRAINT organizers_id_fkey FOREIGN KEY (id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY post_texts
    ADD CONSTRAINT post_texts_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY posts
    ADD CONSTRAINT posts_author_id_fkey FOREIGN KEY (author_id) REFERENCES users(id)`,
  `ALTER TABLE ONLY posts
    ADD CONSTRAINT posts_image_id_fkey FOREIGN KEY (image_id) REFERENCES images(id) ON DELETE SET NULL`,
  `ALTER TABLE ONLY series_extension_refusals
    ADD CONSTRAINT series_extension_refusals_event_id_fkey FOREIGN KEY (event_id) REFERENCES event_series(event_id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY tec_origins
    ADD CONSTRAINT tec_origins_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY tec_origins
    ADD CONSTRAINT tec_origins_term_id_fkey FOREIGN KEY (term_id) REFERENCES terms(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY term_search
    ADD CONSTRAINT term_search_term_id_fkey FOREIGN KEY (term_id) REFERENCES terms(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY term_texts
    ADD CONSTRAINT term_texts_term_id_fkey FOREIGN KEY (term_id) REFERENCES terms(id) ON DELETE CASCADE`,
  `ALTER TABLE ONLY venues
    ADD CONSTRAINT venues_id_fkey FOREIGN KEY (id) REFERENCES posts(id) ON DELETE CASCADE`,
  `CREATE INDEX api_keys_user_name ON api_keys USING btree (user_id, name)`,
  `CREATE INDEX event_organizers_organizer ON event_organizers USING btree (organizer_id, event_id)`,
  `CREATE INDEX event_search_body_trgm ON event_search USING gin (body public.gin_trgm_ops)`,
  `CREATE UNIQUE INDEX event_search_event_language ON event_search USING btree (event_id, language)`,
  `CREATE INDEX event_series_horizon ON event_series USING btree (horizon_utc)`,
  `CREATE INDEX event_terms_term ON event_terms USING btree (term_id, event_id)`,
  `CREATE INDEX events_end ON events USING btree (end_utc, id)`,
  `CREATE INDEX events_exceptions ON events USING btree (series_id, original_start_utc) WHERE ((series_id IS NOT NULL) AND (follows_id IS NULL))`,
  `CREATE INDEX events_featured ON events USING btree (featured, start_utc, id)`,
  `CREATE INDEX events_follower_start ON events USING btree (follows_id, start_utc, id) WHERE (follows_id IS NOT NULL)`,
  `CREATE INDEX events_listing ON events USING btree (status, hide_from_listings, start_utc, end_utc)`,
  `CREATE INDEX events_own_start ON events USING btree (status, hide_from_listings, start_utc, end_utc) WHERE (follows_id IS NULL)`,
  `CREATE INDEX events_owner ON events USING btree (COALESCE(follows_id, id))`,
  `CREATE INDEX events_parent ON events USING btree (parent_id, status, hide_from_listings, start_utc)`,
  `CREATE UNIQUE INDEX events_series ON events USING btree (series_id, original_start_utc) WHERE (series_id IS NOT NULL)`,
  `CREATE INDEX events_start ON events USING btree (start_utc, id)`,
  `CREATE INDEX events_venue ON events USING btree (venue_id, start_utc, id, end_utc, hide_from_listings, status, follows_id)`,
  `CREATE INDEX linked_post_search_body_trgm ON linked_post_search USING gin (body public.gin_trgm_ops)`,
  `CREATE INDEX posts_author ON posts USING btree (author_id)`,
  `CREATE INDEX posts_type_slug ON posts USING btree (type, slug)`,
  `CREATE INDEX posts_type_status_date ON posts USING btree (type, status, date_utc, id)`,
  `CREATE UNIQUE INDEX tec_origins_post ON tec_origins USING btree (post_id)`,
  `CREATE UNIQUE INDEX tec_origins_term ON tec_origins USING btree (term_id)`,
  `CREATE INDEX term_search_body_trgm ON term_search USING gin (body public.gin_trgm_ops)`,
  `CREATE INDEX terms_parent ON terms USING btree (taxonomy, parent_id)`,
  `CREATE UNIQUE INDEX terms_taxonomy_slug ON terms USING btree (taxonomy, slug)`,
  `CREATE UNIQUE INDEX users_external_id ON users USING btree (external_id)`,
  `CREATE INDEX venues_geo ON venues USING btree (geo_lat, geo_lng)`,
  `CREATE TRIGGER event_ical_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON event_ical FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER event_organizers_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON event_organizers FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER event_series_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON event_series FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER event_terms_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON event_terms FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER events_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER events_duration AFTER UPDATE OF start_utc, end_utc ON events FOR EACH ROW EXECUTE FUNCTION raise_event_duration_bound()`,
  `CREATE TRIGGER events_duration_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION raise_event_duration_bound_for_new_events()`,
  `CREATE TRIGGER events_links_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION check_event_links()`,
  `CREATE TRIGGER events_links_update AFTER UPDATE OF venue_id, parent_id, series_id ON events FOR EACH ROW WHEN (((new.venue_id IS DISTINCT FROM old.venue_id) OR (new.parent_id IS DISTINCT FROM old.parent_id) OR (new.series_id IS DISTINCT FROM old.series_id))) EXECUTE FUNCTION check_changed_event_links()`,
  `CREATE TRIGGER events_status_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION copy_post_status_to_new_events()`,
  `CREATE TRIGGER images_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON images FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER organizers_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON organizers FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER post_texts_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON post_texts FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER posts_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON posts FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER posts_status_update AFTER UPDATE OF status ON posts FOR EACH ROW WHEN ((new.status IS DISTINCT FROM old.status)) EXECUTE FUNCTION copy_post_status_to_event()`,
  `CREATE TRIGGER posts_unlink_events AFTER DELETE ON posts REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION unlink_events_from_deleted_posts()`,
  `CREATE TRIGGER tec_origins_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON tec_origins FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER term_texts_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON term_texts FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER terms_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON terms FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER users_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `CREATE TRIGGER venues_bumps_data_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON venues FOR EACH STATEMENT EXECUTE FUNCTION calendar_bump_data_version()`,
  `INSERT INTO data_version (id, version) VALUES (1, 0)`,
  `INSERT INTO event_bounds (id, max_duration_seconds) VALUES (1, 0)`,
];
