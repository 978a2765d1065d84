/**
 * Occurrences that follow their series (migrations 0013, 0015): an occurrence not edited on its own has no
 * texts, search rows, terms or organizers of its own; `events.follows_id` names its series, whose rows stand for its
 * own, so that creating a daily series does not copy them seven hundred times. Everything that reads those
 * rows for an event reads them through `ownerOfRows` (the series for a follower, else the event itself), and a
 * filter that finds events by those rows adds the followers of what it found (`withFollowers`).
 */
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { languagesFor } from '../../i18n/translations.js';
import { type PostTexts, pickTexts } from '../posts/repository.js';

/** The event whose search rows, terms and organizers stand for the events row `alias`. */
export function ownerOfRows(alias = 'events'): RawBuilder<number> {
  return sql<number>`coalesce(${sql.ref(`${alias}.follows_id`)}, ${sql.ref(`${alias}.id`)})`;
}

/**
 * The events found by their own rows (`owners`: a query of one column `event_id`) and the occurrences that
 * follow one of them, as a subquery for `events.id in (…)`. The owners are found once (a materialized CTE):
 * a union that ran their query twice cost as much again.
 */
export function withFollowers(
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: any tables, one column
  owners: SelectQueryBuilder<Database, any, { event_id: number }>,
): Expression<number> {
  return db
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
        // A follower follows the series it is an occurrence of: `events_series` finds them (migration 0016).
        .where('follower.series_id', 'in', sql<number>`(select event_id from owners)`)
        .where('follower.follows_id', 'is not', null),
    ) as unknown as Expression<number>;
}

/**
 * Gives these events rows of their own where they follow their series (an occurrence becoming an exception,
 * before its own write): copies of the series' texts, search rows, terms and organizers, and no `follows_id`
 * any more. Events that follow nothing are left as they are.
 */
export async function ownRows(db: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  // A follower holds no rows of its own; the guard keeps a copy from meeting one all the same.
  const followers = (table: 'event_search' | 'event_terms' | 'event_organizers' | 'post_texts') =>
    db
      .selectFrom('events as e')
      .where('e.id', 'in', eventIds)
      .where('e.follows_id', 'is not', null)
      .where(
        sql<SqlBool>`not exists (select 1 from ${sql.table(table)} as own where ${sql.ref(
          table === 'post_texts' ? 'own.post_id' : 'own.event_id',
        )} = e.id)`,
      );
  await db
    .insertInto('post_texts')
    .columns(['post_id', 'language', 'title', 'description', 'excerpt'])
    .expression(
      followers('post_texts')
        .innerJoin('post_texts as t', 't.post_id', 'e.follows_id')
        .select(['e.id', 't.language', 't.title', 't.description', 't.excerpt']),
    )
    .execute();
  await db
    .insertInto('event_search')
    .columns(['event_id', 'language', 'body'])
    .expression(
      followers('event_search')
        .innerJoin('event_search as s', 's.event_id', 'e.follows_id')
        .select(['e.id', 's.language', 's.body']),
    )
    .execute();
  await db
    .insertInto('event_terms')
    .columns(['event_id', 'term_id', 'position'])
    .expression(
      followers('event_terms')
        .innerJoin('event_terms as l', 'l.event_id', 'e.follows_id')
        .select(['e.id', 'l.term_id', 'l.position']),
    )
    .execute();
  await db
    .insertInto('event_organizers')
    .columns(['event_id', 'organizer_id', 'position'])
    .expression(
      followers('event_organizers')
        .innerJoin('event_organizers as l', 'l.event_id', 'e.follows_id')
        .select(['e.id', 'l.organizer_id', 'l.position']),
    )
    .execute();
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
