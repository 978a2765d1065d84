/**
 * An event's revision as the iCalendar feeds publish it (SEQUENCE and LAST-MODIFIED, migration 0022).
 *
 * RFC 5545 §3.8.7.4 asks SEQUENCE to rise when DTSTART, DTEND, DURATION, RRULE, RDATE, EXDATE or another
 * significant property changes. Here every change of what an event holds raises it by one (its times and
 * zone, texts in any language, status, password, links, terms, recurrence, …), as Outlook's feeds do: a
 * subscriber never has to guess whether a change was significant enough, and both move together with
 * LAST-MODIFIED (`events.revised_utc`). A write that changes nothing raises neither, so that it leaves the
 * feed, and its ETag, as they were; it still stamps the post's `modified` (the API's), as WordPress does.
 *
 * An occurrence edited on its own for the first time becomes a VEVENT of its own (a RECURRENCE-ID): its
 * SEQUENCE starts above its series', as the instance it replaces had the series'.
 */
import { formatUtc } from '../../dates/format.js';
import type { Db } from '../../db/database.js';
import { EVENT_COLUMNS } from './repository.js';

/**
 * What an event holds, as one comparable text: its post and event rows (without what a write stamps or
 * derives), the texts, organizers and terms that stand for it (its series' for an occurrence that follows
 * it) and its recurrence.
 */
export async function eventContent(db: Db, id: number): Promise<string> {
  const event = await db
    .selectFrom('events')
    .innerJoin('posts', 'posts.id', 'events.id')
    .select([
      'posts.status',
      'posts.author_id',
      'posts.slug',
      'posts.date_utc',
      'posts.password',
      'posts.image_id',
      ...EVENT_COLUMNS,
      'events.follows_id',
    ])
    .where('events.id', '=', id)
    .executeTakeFirst();
  if (!event) return '';
  const { follows_id: follows, ...own } = event;
  const owner = follows ?? id;
  const [texts, organizers, terms, series] = await Promise.all([
    db
      .selectFrom('post_texts')
      .select(['language', 'title', 'description', 'excerpt'])
      .where('post_id', '=', owner)
      .orderBy('language')
      .execute(),
    db
      .selectFrom('event_organizers')
      .select(['organizer_id', 'position'])
      .where('event_id', '=', owner)
      .orderBy('position')
      .orderBy('organizer_id')
      .execute(),
    db
      .selectFrom('event_terms')
      .select(['term_id', 'position'])
      .where('event_id', '=', owner)
      .orderBy('term_id')
      .execute(),
    db.selectFrom('event_series').select('recurrence').where('event_id', '=', id).executeTakeFirst(),
  ]);
  return JSON.stringify([own, texts, organizers, terms, series?.recurrence ?? null]);
}

/**
 * Raises an event's SEQUENCE by one and stamps its LAST-MODIFIED: an occurrence's from its series' at least
 * (see above).
 */
export async function raiseSequence(db: Db, id: number, now: Date): Promise<void> {
  const row = await db
    .selectFrom('events')
    .leftJoin('events as series', 'series.id', 'events.series_id')
    .select(['events.sequence', 'series.sequence as series_sequence'])
    .where('events.id', '=', id)
    .executeTakeFirst();
  if (!row) return;
  const sequence = Math.max(Number(row.sequence), Number(row.series_sequence ?? 0)) + 1;
  await db
    .updateTable('events')
    .set({ sequence, revised_utc: formatUtc(now) })
    .where('id', '=', id)
    .execute();
}

/** An imported event's SEQUENCE is its source's, unless the service's own edits have raised it beyond. */
export async function keepSourceSequence(db: Db, id: number, sourceSequence: number): Promise<void> {
  await db
    .updateTable('events')
    .set({ sequence: sourceSequence })
    .where('id', '=', id)
    .where('sequence', '<', sourceSequence)
    .execute();
}
