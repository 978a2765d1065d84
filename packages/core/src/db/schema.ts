/**
 * The database schema as Kysely sees it. Column names are snake_case in SQL and in TypeScript (no
 * CamelCasePlugin: one naming everywhere). Both dialects store the same types: integers, text, REAL, and
 * booleans as 0/1 integers; instants are UTC text `YYYY-MM-DD HH:MM:SS`, which sorts in time order.
 */
import type { Generated, Selectable } from 'kysely';

export type PostType = 'event' | 'venue' | 'organizer';
export type PostStatus = 'publish' | 'future' | 'draft' | 'pending' | 'private' | 'trash';
export type Taxonomy = 'category' | 'tag';

/** Events, venues and organizers share one id space (SPEC §10): every record is a row here. */
export interface PostsTable {
  id: Generated<number>;
  type: PostType;
  status: PostStatus;
  author_id: number;
  slug: string;
  /** Publication date, UTC. */
  date_utc: string;
  modified_utc: string;
  password: string;
  image_id: number | null;
  /** Status before trashing, restored never (kept for audit). */
  trashed_from: string | null;
}

/** Translatable text of a post, per language (SPEC §7). `title` is the event title, venue or organizer name. */
export interface PostTextsTable {
  post_id: number;
  language: string;
  title: string | null;
  description: string | null;
  excerpt: string | null;
}

export interface EventsTable {
  id: number;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
  timezone: string;
  all_day: number;
  /**
   * The cost as sent: a JSON list of its items as written, ascending (`["5","25"]`, `["10,20"]`, `["Free"]`);
   * rows written before 2026-11 hold numbers (`[6.5]`). See `content/cost.ts`.
   */
  cost: string;
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  website: string | null;
  show_map: number;
  show_map_link: number;
  hide_from_listings: number;
  sticky: number;
  featured: number;
  venue_id: number | null;
  parent_id: number | null;
  /**
   * The series this event follows: an occurrence not edited on its own, whose texts,
   * search rows, terms and organizers are the series' (`post_texts`, `event_search`, `event_terms`,
   * `event_organizers` hold none of its own); null for every other event. Always its `series_id` when set.
   */
  follows_id: number | null;
  /**
   * The series this event is an occurrence of, other than its first (the series itself);
   * null for every other event. An occurrence that follows nothing is an exception (edited on its own).
   */
  series_id: number | null;
  /** An occurrence's start as the rule gave it (its RECURRENCE-ID), UTC; null for every other event. */
  original_start_utc: string | null;
  /** The post's status, copied by triggers so that a list's total reads one index. */
  status: Generated<string>;
  /** The SEQUENCE the iCalendar feeds write for it (migration 0022), raised by each write that changes it. */
  sequence: Generated<number>;
  /** When what it holds last changed: the feeds' LAST-MODIFIED; null for rows written in bulk (occurrences). */
  revised_utc: string | null;
}

export interface VenuesTable {
  id: number;
  address: string;
  city: string;
  country: string;
  province: string;
  state: string;
  zip: string;
  phone: string;
  stateprovince: string;
  website: string;
  show_map: number;
  show_map_link: number;
  geo_lat: number | null;
  geo_lng: number | null;
}

export interface OrganizersTable {
  id: number;
  phone: string;
  website: string;
  email: string;
}

export interface EventOrganizersTable {
  event_id: number;
  organizer_id: number;
  position: number;
}

export interface TermsTable {
  id: Generated<number>;
  taxonomy: Taxonomy;
  slug: string;
  parent_id: number;
  /** Published events carrying the term, kept up to date by the writes that change it. */
  event_count: Generated<number>;
}

export interface TermTextsTable {
  term_id: number;
  language: string;
  name: string | null;
  description: string | null;
}

export interface EventTermsTable {
  event_id: number;
  term_id: number;
  position: number;
}

export interface ImagesTable {
  id: Generated<number>;
  url: string;
  width: number | null;
  height: number | null;
  mime_type: string | null;
  filesize: number | null;
  created_utc: string;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  display_name: string;
  role: string;
  created_utc: string;
  /** The host app's id of a user the service keeps for a host principal; null otherwise. */
  external_id: string | null;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the key, hex. Keys are random 256-bit values, so a fast hash is enough (SPEC §6). */
  key_hash: string;
  created_utc: string;
  revoked_utc: string | null;
}

/** Effective searchable text of an event per language (title, excerpt, description with fallback). */
export interface EventSearchTable {
  id: Generated<number>;
  event_id: number;
  language: string;
  body: string;
}

export interface DataVersionTable {
  id: number;
  version: number;
  /** The version the service's last write started at (migration 0023): SQLite's triggers merge from there. */
  change_mark: Generated<number>;
}

/** What a write transaction changed, one row per record (migration 0023, which says how triggers write it). */
export interface ChangeLogTable {
  /** Orders the rows of one version; with `version`, a reader's position. */
  id: Generated<number>;
  /** The data version the change committed at (`bigint` on PostgreSQL: pg returns a string). */
  version: number | string;
  type: 'event' | 'venue' | 'organizer' | Taxonomy;
  record_id: number;
  action: 'created' | 'updated' | 'trashed' | 'restored' | 'deleted';
  /** The series of an occurrence. */
  series_id: number | null;
  author_id: number | null;
  /**
   * 1 when anyone could read the record before the transaction, and after it; `was_public` -1 when the
   * transaction wrote only parts of it (then as after).
   */
  was_public: number;
  is_public: number;
  /** UTC `YYYY-MM-DD HH:MM:SS`, the database's clock. */
  changed_utc: string;
}

/** The position of the last change the retention removed; one row, id 1. */
export interface ChangeLogPrunedTable {
  id: number;
  version: number | string;
  change_id: number | string;
}

/** An endpoint that receives the change log as signed webhooks (migration 0024). */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** JSON array of the change types delivered (`["event","venue"]`); `[]`: all. */
  types: Generated<string>;
  description: Generated<string>;
  /** `whsec_` and the base64 of the key. */
  secret: string;
  /** The secret before the last rotation, which signs too until `previous_secret_expires_utc`. */
  previous_secret: string | null;
  previous_secret_expires_utc: string | null;
  status: Generated<'active' | 'disabled'>;
  disabled_reason: string | null;
  /** The last change delivered or passed over (`bigint` on PostgreSQL: pg returns a string). */
  cursor_version: number | string;
  cursor_id: number | string;
  /** Failed attempts at the change after the cursor. */
  attempts: Generated<number>;
  /** UTC `YYYY-MM-DD HH:MM:SS`: not before then is the change after the cursor tried again. */
  next_attempt_utc: string | null;
  lease_holder: string | null;
  lease_expires_utc: string | null;
  author_id: number | null;
  created_utc: string;
  modified_utc: string;
}

/** One attempt to deliver a change to a webhook (migration 0024). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  change_version: number | string;
  change_id: number | string;
  /** The `webhook-id` header sent: the same for every attempt of one change to one endpoint. */
  message_id: string;
  attempt: number;
  attempted_utc: string;
  /** The HTTP status answered; null when none came (refused, timed out, unreachable). */
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/** An upper bound of event lengths, raised by triggers; one row, id 1. */
export interface EventBoundsTable {
  id: number;
  /** `bigint` on PostgreSQL, which pg returns as a string. */
  max_duration_seconds: number | string;
}

/** A recurring event: its RFC 5545 lines (JSON list) and how far its occurrences exist. */
export interface EventSeriesTable {
  event_id: number;
  recurrence: string;
  /** Occurrences exist for every start before this instant (UTC `YYYY-MM-DD HH:MM:SS`). */
  horizon_utc: string;
}

/** The iCalendar identity an imported event came with. */
export interface EventIcalTable {
  event_id: number;
  uid: string;
  sequence: Generated<number>;
  /** The LAST-MODIFIED it came with (UTC `YYYY-MM-DD HH:MM:SS`), if any. */
  last_modified_utc: string | null;
  /** A digest of what the import read of the VEVENT (migration 0022); null when imported before it. */
  fingerprint: string | null;
}

/** What the .ics import wrote of a RECURRENCE-ID VEVENT (migration 0022): its source's revision. */
export interface EventIcalExceptionsTable {
  series_id: number;
  /** The RECURRENCE-ID, UTC `YYYY-MM-DD HH:MM:SS`. */
  original_start_utc: string;
  sequence: number;
  last_modified_utc: string | null;
  fingerprint: string;
}

/** A record moved in from a site of the plugin (`import/tec/`). */
export interface TecOriginsTable {
  /** The source's API root, host and path (`example.org/wp-json/tribe/events/v1`). */
  source: string;
  kind: 'event' | 'venue' | 'organizer' | 'category' | 'tag';
  source_id: number;
  /** The local event, venue or organizer (null for terms). */
  post_id: number | null;
  /** The local category or tag (null for posts). */
  term_id: number | null;
  global_id: string | null;
  /** JSON list of strings. */
  global_id_lineage: string | null;
  /** The source's `modified_utc` as answered (null for terms, which have none). */
  modified_utc: string | null;
  /** What the import wrote, as a digest of the source's fields it read: unchanged when equal. */
  fingerprint: string;
}

/** A background job at most one instance runs at a time (`db/leases.ts`). */
export interface LeasesTable {
  name: string;
  /** The instance that holds it (a random id per process and job). */
  holder: string;
  /** UTC `YYYY-MM-DD HH:MM:SS`: from then on another instance may take it. */
  expires_utc: string;
}

/** A series the horizon keeper could not extend, skipped until the series is edited. */
export interface SeriesExtensionRefusalsTable {
  event_id: number;
  /** The series' `posts.modified_utc` when it was refused: an edit moves it, and the series is tried again. */
  series_modified_utc: string;
  /** The series' rule then (`event_series.recurrence`): a new rule is tried again even within that second. */
  series_recurrence: string;
  /** The horizon it could not reach. */
  horizon_utc: string;
  reason: string;
  refused_utc: string;
}

export interface Database {
  posts: PostsTable;
  post_texts: PostTextsTable;
  events: EventsTable;
  venues: VenuesTable;
  organizers: OrganizersTable;
  event_organizers: EventOrganizersTable;
  terms: TermsTable;
  term_texts: TermTextsTable;
  event_terms: EventTermsTable;
  images: ImagesTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  event_search: EventSearchTable;
  data_version: DataVersionTable;
  change_log: ChangeLogTable;
  change_log_pruned: ChangeLogPrunedTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  event_bounds: EventBoundsTable;
  event_series: EventSeriesTable;
  event_ical: EventIcalTable;
  event_ical_exceptions: EventIcalExceptionsTable;
  tec_origins: TecOriginsTable;
  leases: LeasesTable;
  series_extension_refusals: SeriesExtensionRefusalsTable;
}

export type PostRow = Selectable<PostsTable>;
/** An event's own columns; its status is the post's (`events.status` is only a copy, for the list index). */
export type EventRow = Omit<
  Selectable<EventsTable>,
  'status' | 'follows_id' | 'series_id' | 'original_start_utc' | 'sequence' | 'revised_utc'
>;
export type TermRow = Selectable<TermsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type UserRow = Selectable<UsersTable>;
