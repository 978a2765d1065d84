/**
 * Occurrences that follow their series: an occurrence not edited on its own has no
 * texts, search rows, terms or organizers of its own; `events.follows_id` names its series, whose rows stand for its
 * own, so that creating a daily series does not copy them seven hundred times. Everything that reads those
 * rows for an event reads them through `ownerOfRows` (the series for a follower, else the event itself), and a
 * filter that finds events by those rows finds the followers of what it found too (`ownedBy`).
 */
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import type { DialectTraits } from '../../../db/traits.js';
import { languagesFor } from '../../../i18n/translations.js';
import { type PostTexts, pickTexts } from '../../posts/repository.js';

/** The event whose search rows, terms and organizers stand for the events row `alias`. */
export function ownerOfRows(alias = 'events'): RawBuilder<number> {
  return sql<number>`coalesce(${sql.ref(`${alias}.follows_id`)}, ${sql.ref(`${alias}.id`)})`;
}

/**
 * Whether the events row `alias` is one of the events found by their own rows (`owners`: a query of one column
 * `event_id`) or an occurrence that follows one of them: a condition for the list's filters.
 *
 * SQLite lists the owners and their followers once (`events.id in (…)`, the owners in a materialized CTE:
 * a union would run their query twice, and cost as much again) and reads the events by id from that list: few
 * matches, few events read. PostgreSQL flattens `in (…)` into a join it plans from its statistics
 * (`flattensExists`), and without them (a fresh database, autovacuum off or behind) it would take the union
 * as one row and run it again for every event of the date range: minutes for a search of many occurrences.
 * There the condition tests the event's owner (`ownerOfRows`) against the owners' own table instead: a join
 * of two plain tables, whose sizes the planner sees without statistics, and whatever order it picks, each
 * row of one side is a look-up in an index of the other or a pass of a hash, never a re-run: from the events
 * of the date range to `event_search (event_id, language)`, `event_terms (event_id, …)` or
 * `event_organizers (event_id, …)`; from a few matching rows to `events_owner`.
 */
export function ownedBy(
  traits: Pick<DialectTraits, 'flattensExists'>,
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: any tables, one column
  owners: SelectQueryBuilder<Database, any, { event_id: number }>,
  alias = 'events',
): Expression<SqlBool> {
  if (traits.flattensExists) return sql<SqlBool>`${ownerOfRows(alias)} in (${owners})`;
  const listed = db
    .with(
      (cte) => cte('owners').materialized(),
      () => owners,
    )
    .selectFrom('owners' as never)
    .select(sql<number>`owners.event_id`.as('event_id'))
    .unionAll(
      db
        .selectFrom('events as follower')
        .select('follower.id as event_id')
        // A follower follows the series it is an occurrence of: `events_series` finds them.
        .where('follower.series_id', 'in', sql<number>`(select event_id from owners)`)
        .where('follower.follows_id', 'is not', null),
    );
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (${listed})`;
}

/** The rows a follower reads from its series: each table, the column naming the event, the others. */
const OWN_ROWS = [
  ['post_texts', 'post_id', ['language', 'title', 'description', 'excerpt']],
  ['event_search', 'event_id', ['language', 'body']],
  ['event_terms', 'event_id', ['term_id', 'position']],
  ['event_organizers', 'event_id', ['organizer_id', 'position']],
] as const;

/**
 * Gives these events rows of their own where they follow their series (an occurrence becoming an exception,
 * before its own write): copies of the series' texts, search rows, terms and organizers, and no `follows_id`
 * any more. Events that follow nothing are left as they are.
 */
export async function ownRows(db: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  // Each table's rows of the series, copied under the follower's id; a follower holds none of its own, and
  // the guard keeps a copy from meeting one all the same.
  for (const [table, key, columns] of OWN_ROWS) {
    const copied = sql.join(columns.map((column) => sql.ref(`copy.${column}`)));
    await sql`insert into ${sql.table(table)} (${sql.ref(key)}, ${sql.join(columns.map((c) => sql.ref(c)))})
      select e.id, ${copied} from events as e
      inner join ${sql.table(table)} as copy on ${sql.ref(`copy.${key}`)} = e.follows_id
      where e.id in (${sql.join(eventIds)}) and e.follows_id is not null
        and not exists (select 1 from ${sql.table(table)} as own where ${sql.ref(`own.${key}`)} = e.id)`.execute(
      db,
    );
  }
  await db
    .updateTable('events')
    .set({ follows_id: null })
    .where('id', 'in', eventIds)
    .where('follows_id', 'is not', null)
    .execute();
}

/** Texts of many events in one query (a follower's are its series'), as `loadTexts` gives a post's. */
export async function loadEventTexts(
  db: Db,
  ids: readonly number[],
  language: string,
  defaultLanguage: string,
): Promise<Map<number, PostTexts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .innerJoin('post_texts as t', (join) => join.on('t.post_id', '=', ownerOfRows()))
    .select(['events.id as post_id', 't.language', 't.title', 't.description', 't.excerpt'])
    .where('events.id', 'in', [...new Set(ids)])
    .where('t.language', 'in', languagesFor(language, defaultLanguage))
    .execute();
  return pickTexts(rows, ids, language, defaultLanguage);
}
