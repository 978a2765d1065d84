import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL: the event search's text is kept folded to lower case beside itself (a stored generated column,
 * `lower(body)`), with the trigram index on it, and a search matches it with `like lower(pattern)`.
 *
 * `ilike` gives the same answer (PostgreSQL's `ilike` folds both sides with `lower()` in the column's
 * collation), but it folds each candidate row's whole text again at every search, to check what the trigram
 * index found: on a calendar of 100,000 events, most of a search's match. The folded text is made once, as
 * the row is written, by the database itself, so that any program's writes get it too.
 *
 * SQLite: nothing (its FTS5 trigram index folds case itself). Frozen SQL, as the baseline is.
 */
const POSTGRES = [
  `alter table event_search add column body_folded text generated always as (lower(body)) stored`,
  `create index event_search_folded_trgm on event_search using gin (body_folded public.gin_trgm_ops)`,
  `drop index event_search_body_trgm`,
];

export function foldedEventSearch(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') return;
      for (const statement of POSTGRES) await sql.raw(statement).execute(db);
    },
  };
}
