/**
 * The PostgreSQL schema as migrations 0001 to 0021 left it, frozen (see `postgres-functions.ts`): the tables
 * and the sequences of their serial ids. Columns added by later migrations come last, where they were added.
 */
export const POSTGRES_TABLES: readonly string[] = [
  `CREATE TABLE api_keys (
    id integer NOT NULL,
    user_id integer NOT NULL,
    name text NOT NULL,
    key_hash text NOT NULL,
    created_utc text NOT NULL,
    revoked_utc text
)`,
  `CREATE SEQUENCE api_keys_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
  `ALTER SEQUENCE api_keys_id_seq OWNED BY api_keys.id`,
  `CREATE TABLE data_version (
    id integer NOT NULL,
    version integer NOT NULL
)`,
  `CREATE TABLE event_bounds (
    id integer NOT NULL,
    max_duration_seconds bigint NOT NULL
)`,
  `CREATE TABLE event_ical (
    event_id integer NOT NULL,
    uid text NOT NULL,
    sequence integer DEFAULT 0 NOT NULL,
    last_modified_utc text
)`,
  `CREATE TABLE event_organizers (
    event_id integer NOT NULL,
    organizer_id integer NOT NULL,
    "position" integer NOT NULL
)`,
  `CREATE TABLE event_search (
    id integer NOT NULL,
    event_id integer NOT NULL,
    language text NOT NULL,
    body text NOT NULL
)`,
  `CREATE SEQUENCE event_search_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
  `ALTER SEQUENCE event_search_id_seq OWNED BY event_search.id`,
  `CREATE TABLE event_series (
    event_id integer NOT NULL,
    recurrence text NOT NULL,
    horizon_utc text NOT NULL
)`,
  `CREATE TABLE event_terms (
    event_id integer NOT NULL,
    term_id integer NOT NULL,
    "position" integer NOT NULL
)`,
  `CREATE TABLE events (
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
)`,
  `CREATE TABLE images (
    id integer NOT NULL,
    url text NOT NULL,
    width integer,
    height integer,
    mime_type text,
    filesize integer,
    created_utc text NOT NULL
)`,
  `CREATE SEQUENCE images_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
  `ALTER SEQUENCE images_id_seq OWNED BY images.id`,
  `CREATE TABLE leases (
    name text NOT NULL,
    holder text NOT NULL,
    expires_utc text NOT NULL
)`,
  `CREATE TABLE linked_post_search (
    post_id integer NOT NULL,
    body text NOT NULL
)`,
  `CREATE TABLE organizers (
    id integer NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    website text DEFAULT ''::text NOT NULL,
    email text DEFAULT ''::text NOT NULL
)`,
  `CREATE TABLE post_texts (
    post_id integer NOT NULL,
    language text NOT NULL,
    title text,
    description text,
    excerpt text
)`,
  `CREATE TABLE posts (
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
)`,
  `CREATE SEQUENCE posts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
  `ALTER SEQUENCE posts_id_seq OWNED BY posts.id`,
  `CREATE TABLE series_extension_refusals (
    event_id integer NOT NULL,
    series_modified_utc text NOT NULL,
    series_recurrence text NOT NULL,
    horizon_utc text NOT NULL,
    reason text NOT NULL,
    refused_utc text NOT NULL
)`,
  `CREATE TABLE tec_origins (
    source text NOT NULL,
    kind text NOT NULL,
    source_id integer NOT NULL,
    post_id integer,
    term_id integer,
    global_id text,
    global_id_lineage text,
    modified_utc text,
    fingerprint text NOT NULL
)`,
  `CREATE TABLE term_search (
    term_id integer NOT NULL,
    body text NOT NULL
)`,
  `CREATE TABLE term_texts (
    term_id integer NOT NULL,
    language text NOT NULL,
    name text,
    description text
)`,
  `CREATE TABLE terms (
    id integer NOT NULL,
    taxonomy text NOT NULL,
    slug text NOT NULL,
    parent_id integer DEFAULT 0 NOT NULL,
    event_count integer DEFAULT 0 NOT NULL
)`,
  `CREATE SEQUENCE terms_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
  `ALTER SEQUENCE terms_id_seq OWNED BY terms.id`,
  `CREATE TABLE users (
    id integer NOT NULL,
    login text NOT NULL,
    display_name text NOT NULL,
    role text NOT NULL,
    created_utc text NOT NULL,
    external_id text
)`,
  `CREATE SEQUENCE users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
  `ALTER SEQUENCE users_id_seq OWNED BY users.id`,
  `CREATE TABLE venues (
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
)`,
  `ALTER TABLE ONLY api_keys ALTER COLUMN id SET DEFAULT nextval('api_keys_id_seq'::regclass)`,
  `ALTER TABLE ONLY event_search ALTER COLUMN id SET DEFAULT nextval('event_search_id_seq'::regclass)`,
  `ALTER TABLE ONLY images ALTER COLUMN id SET DEFAULT nextval('images_id_seq'::regclass)`,
  `ALTER TABLE ONLY posts ALTER COLUMN id SET DEFAULT nextval('posts_id_seq'::regclass)`,
  `ALTER TABLE ONLY terms ALTER COLUMN id SET DEFAULT nextval('terms_id_seq'::regclass)`,
  `ALTER TABLE ONLY users ALTER COLUMN id SET DEFAULT nextval('users_id_seq'::regclass)`,
];
