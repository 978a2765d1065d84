/**
 * The event search index (`event_search`): its rows are rewritten with every text change, and `search`
 * asks it instead of scanning texts. Same results as WordPress's word semantics (SPEC §9): each term must
 * occur in the title, excerpt or description; the three are stored as one body separated by newlines,
 * which no term contains.
 *
 * An occurrence that follows its series has no rows of its own: the series' stand for it
 * (`series/follows.ts`), so a daily series does not copy its text into the trigram index seven hundred times.
 * Both searches below read an event's rows through `ownerOfRows`.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { escapeLike } from '../../db/traits.js';
import type { RequestContext } from '../../route-table/context.js';
import { rarestTrigram } from '../posts/rarest-trigram.js';
import { searchRows as eventSearchRows, type TextRow } from '../posts/rows.js';
import { ftsPhrase, isIndexable, type SearchTerms } from '../posts/search.js';
import { ownedBy, ownerOfRows } from './series/reading.js';

/**
 * Rewrites the index rows of an event, one per configured language, with the fallback applied. A new event
 * (`created`) has no rows yet, and its texts are those it was just given.
 */
export async function refreshEventSearch(
  context: RequestContext,
  eventId: number,
  options: { created?: { texts: readonly TextRow[] } } = {},
): Promise<void> {
  const { db, config } = context;
  if (!options.created) await db.deleteFrom('event_search').where('event_id', '=', eventId).execute();
  const texts =
    options.created?.texts ??
    (await db
      .selectFrom('post_texts')
      .select(['language', 'title', 'excerpt', 'description'])
      .where('post_id', '=', eventId)
      .execute());
  const rows = eventSearchRows({ id: eventId }, texts, config);
  if (rows.length > 0) await db.insertInto('event_search').values(rows).execute();
}

/**
 * The events matching `terms` in `language`, as a condition on `events`: the events whose own rows match, and
 * the occurrences that share the rows of a matching series (`ownedBy`). Terms of three characters or more go
 * through the trigram index; shorter ones and exclusions filter the rows it found.
 *
 * PostgreSQL chooses per search: for a selective term it reads the `pg_trgm` index and joins the few
 * matches to the events; for a common one, walking the date range and looking each event's row up is
 * cheaper, and its statistics tell it so (without them, either way costs what the date range holds, see
 * `ownedBy`). SQLite has no statistics and always starts from the FTS5 index, which is why the list asks
 * `eventMatchesSearch` instead when it knows (from the count) that the term is common. With only terms under
 * three characters (or only exclusions) no trigram index can help, and the terms filter the date-ordered
 * events instead.
 */
export function matchingEvents(
  context: RequestContext,
  db: Db,
  terms: SearchTerms,
  language: string,
  rarest?: string,
): Expression<SqlBool> {
  const owners = searchRows(context, db, terms, language, true, rarest).select('event_search.event_id');
  return ownedBy(context.database.traits, db, owners);
}

/**
 * The events whose own search rows match (events on their own, series, exceptions), without the occurrences
 * that follow a series: for a query of events that follow nothing (the feeds), which would only discard the
 * followers `matchingEventIds` lists.
 */
export function matchingOwnEventIds(
  context: RequestContext,
  db: Db,
  terms: SearchTerms,
  language: string,
  rarest?: string,
): Expression<number> {
  return searchRows(context, db, terms, language, true, rarest).select(
    'event_search.event_id',
  ) as unknown as Expression<number>;
}

/**
 * On SQLite, the trigram to look the included terms up by, when that is cheaper than their phrases
 * (`posts/rarest-trigram.ts`); undefined elsewhere, and where the phrases are cheaper.
 */
export async function rarestEventTrigram(
  context: RequestContext,
  terms: SearchTerms,
): Promise<string | undefined> {
  if (context.database.traits.substringIndex !== 'fts5-trigram') return undefined;
  return rarestTrigram(
    context,
    { table: 'event_search_fts', content: 'event_search', key: 'id' },
    terms.include,
  );
}

/**
 * The same search as a test of the current row of `events` (a correlated `exists` over its one index row,
 * without the trigram index). Walking the events in date order with this test reads about (events in the
 * date range / matches) rows per row of the page: far fewer than the trigram index yields for a term found in
 * thousands of events, which it must all map to events and sort.
 */
export function eventMatchesSearch(
  context: RequestContext,
  db: Db,
  terms: SearchTerms,
  language: string,
): Expression<SqlBool> {
  const row = searchRows(context, db, terms, language, false)
    .select(sql<number>`1`.as('one'))
    .where(sql.ref('event_search.event_id'), '=', ownerOfRows());
  // PostgreSQL's estimate of a trigram match is far too low (99 rows for 10,164 at a million events), so
  // it would read the trigram index after all; fenced, the test stays a test of each event walked.
  const test = context.database.traits.flattensExists ? row.offset(0) : row;
  // Kysely puts the parentheses around an interpolated query itself.
  return sql<SqlBool>`exists ${test}`;
}

function searchRows(
  context: RequestContext,
  db: Db,
  terms: SearchTerms,
  language: string,
  useIndex: boolean,
  rarest?: string,
) {
  const { traits } = context.database;
  const fts = useIndex && traits.substringIndex === 'fts5-trigram';
  // Looked up by their rarest trigram, every term is then tested on the texts found.
  const indexed = fts && rarest === undefined ? terms.include.filter(isIndexable) : [];
  // Looked up by a trigram index, the language is tested on the rows found: as an indexed condition,
  // PostgreSQL would AND the trigram bitmap with one of `event_search_event_language` for every row of the
  // language (half the table), which costs more than the trigram look-up itself.
  const languageColumn = useIndex
    ? sql<string>`${sql.ref('event_search.language')} || ''`
    : sql.ref<string>('event_search.language');
  let query = db.selectFrom('event_search').where(languageColumn, '=', language);
  const match = fts
    ? (rarest ?? (indexed.length > 0 ? indexed.map(ftsPhrase).join(' AND ') : undefined))
    : undefined;
  if (match !== undefined) {
    query = query.where(
      sql<SqlBool>`${sql.ref('event_search.id')} in (select rowid from event_search_fts where event_search_fts match ${match})`,
    );
  }
  // Without the FTS5 index (PostgreSQL's trigram index serves the folded text's `like` itself), every term is a
  // pattern.
  const likeTerms = terms.include.filter((term) => !indexed.includes(term));
  for (const term of likeTerms) query = query.where(traits.eventSearchMatches(`%${escapeLike(term)}%`));
  for (const term of terms.exclude)
    query = query.where((eb) => eb.not(traits.eventSearchMatches(`%${escapeLike(term)}%`)));
  return query;
}
