/**
 * Moving in from WordPress: what the reader of a live site of the plugin hands to the writer.
 *
 * The reader (`packages/server/src/import-tec/`) fetches every record of the source through the plugin's own
 * REST API and hands them over as the plugin answered them; the writer (`./service.ts`,
 * `importTecSnapshot`) decides what to create, update or leave, and writes it with the source's ids, slugs,
 * dates, statuses and global ids. Nothing here knows HTTP; nothing in the reader knows SQL.
 */

/**
 * One record as the plugin's REST API answers it (`context=view`, or `context=edit` with credentials): an
 * event, venue, organizer, category or tag. Kept as the plugin's JSON and read field by field by the writer,
 * because the plugin's answers vary (drafts have `slug: ""` and `date_utc: "0000-00-00 00:00:00"`, `author`
 * is a string, `image` is `false` or an object, `venue` is `[]` or an object).
 */
export type TecRecord = { readonly id: number } & Readonly<Record<string, unknown>>;

/**
 * What the reader adds to an event beside the plugin's fields, which never show a password: `password`, the
 * post password as WordPress's own `/wp/v2/tribe_events/<id>?context=edit` answers it; `password_protected:
 * true` without it, for an event that has a password that could not be read (it is then imported protected by
 * a password no one knows, never readable).
 */
export interface TecEventAccess {
  password?: string;
  password_protected?: boolean;
}

/** An author of the source, as far as the source tells (`/wp/v2/users`; the login only with credentials). */
export interface TecUser {
  id: number;
  /** `username` of an edit-context answer; absent without credentials. */
  login?: string;
  /** The user's nicename (`slug`), readable without credentials. */
  slug?: string;
  name?: string;
}

/** Everything read from one source, complete: the writer checks every id before it writes anything. */
export interface TecSnapshot {
  /** The API root read, e.g. `https://example.org/wp-json/tribe/events/v1`. */
  apiRoot: string;
  events: TecRecord[];
  venues: TecRecord[];
  organizers: TecRecord[];
  categories: TecRecord[];
  tags: TecRecord[];
  users: TecUser[];
  /** Records the source has that could not be read (an event the API refuses by id): reported as skipped. */
  unread?: TecSkipped[];
  /** Why the read may have left records it could not find, when it may have (reported as it is). */
  incomplete?: string[];
}

export type TecKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

export interface TecImportOptions {
  /** Give records whose id is taken here by another record a new id, instead of refusing the import. */
  remapIds?: boolean;
  /** Compute the report, write nothing. */
  dryRun?: boolean;
  /** The local user (login) that receives records whose author has no local user of the same login. */
  fallbackAuthor: string;
  /** Called as records are written (and once per kind when it starts): for a progress bar. */
  onProgress?(progress: { kind: TecKind; done: number; total: number }): void;
}

export interface TecImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface TecSkipped {
  kind: TecKind;
  id: number;
  reason: string;
}

export interface TecRemapped {
  kind: TecKind;
  from: number;
  to: number;
}

export interface TecImportReport {
  dryRun: boolean;
  byKind: Record<TecKind, TecImportCounts>;
  /** Totals over the kinds. */
  created: number;
  updated: number;
  unchanged: number;
  skipped: TecSkipped[];
  /** Records written under another id than the source's (only with `remapIds`). */
  remapped: TecRemapped[];
  /** Why records of the source may be left beyond those skipped (the snapshot's `incomplete`). */
  incomplete?: string[];
}

/** A source id that is taken here by a record that did not come from this source. */
export interface TecIdClash {
  kind: TecKind;
  id: number;
  /** What holds the id here, e.g. `venue 42 "Town hall"`. */
  holder: string;
  /**
   * What is taken: the id (`remapIds` gives the record a new one) or the slug, which the import keeps and
   * this service keeps unique (rename or remove the record here first). Absent means the id.
   */
  taken?: 'id' | 'slug';
}
