import { sql } from 'kysely';
import { readByKey } from '../../db/by-key.js';
import type { Db } from '../../db/database.js';
import type { EventRow, PostRow } from '../../db/schema.js';
import { languagesFor } from '../../i18n/translations.js';
import { storedGlobalId } from '../posts/global-ids.js';
import { JOINED_TEXT_COLUMNS, POST_COLUMNS, pickJoinedTexts } from '../posts/repository.js';
import type { EventRecord } from './serialize.js';
import { ownerOfRows } from './series/reading.js';

/**
 * The language of the texts to read with the records (the request's, with the default one as fallback), so
 * that serializing them needs no statement of its own for the texts.
 */
export interface TextLanguages {
  language: string;
  defaultLanguage: string;
}

/** The languages of a request's texts. */
export function textLanguages(context: {
  language: string;
  config: { defaultLanguage: string };
}): TextLanguages {
  return { language: context.language, defaultLanguage: context.config.defaultLanguage };
}

/** An event's own columns, as records load them (without what only lists and copies use). */
export const EVENT_COLUMNS = [
  'events.start_local',
  'events.end_local',
  'events.start_utc',
  'events.end_utc',
  'events.timezone',
  'events.all_day',
  'events.cost',
  'events.currency_symbol',
  'events.currency_code',
  'events.currency_position',
  'events.website',
  'events.show_map',
  'events.show_map_link',
  'events.hide_from_listings',
  'events.sticky',
  'events.featured',
  'events.venue_id',
  'events.parent_id',
] as const;

/** The event records' statement, with the texts in `languages` (`languagesFor`) or without texts. */
function selectEventRecords(db: Db, languages: readonly string[] | undefined) {
  const query = db
    .selectFrom('events')
    .innerJoin('posts', 'posts.id', 'events.id')
    // The global ids an import kept (`tec_origins`), read with the event: no statement of their own.
    .leftJoin('tec_origins', 'tec_origins.post_id', 'events.id')
    // What a series or an occurrence answers (its rule, its series and original start): the same.
    .leftJoin('event_series', 'event_series.event_id', 'events.id')
    .select(POST_COLUMNS)
    .select([
      'tec_origins.global_id as origin_global_id',
      'tec_origins.global_id_lineage as origin_global_id_lineage',
      'event_series.recurrence as series_recurrence',
      'events.series_id',
      'events.original_start_utc',
      'events.follows_id',
      // Its organizers in their order (an occurrence that follows its series has the series'); both
      // databases have `string_agg … order by` (SQLite since 3.44).
      sql<
        string | null
      >`(select string_agg(cast(l.organizer_id as text), ',' order by l.position) from event_organizers as l where l.event_id = ${ownerOfRows()})`.as(
        'organizer_ids',
      ),
    ])
    .select(EVENT_COLUMNS);
  // The texts (an occurrence that follows its series has the series'): a row per language found.
  return languages
    ? query
        .leftJoin('post_texts as t', (join) =>
          join.on('t.post_id', '=', ownerOfRows()).on('t.language', 'in', languages),
        )
        .select(JOINED_TEXT_COLUMNS)
    : query.select([
        sql<string | null>`null`.as('text_language'),
        sql<string | null>`null`.as('text_title'),
        sql<string | null>`null`.as('text_description'),
        sql<string | null>`null`.as('text_excerpt'),
      ]);
}

type EventRecordRow = Awaited<ReturnType<ReturnType<typeof selectEventRecords>['execute']>>[number];

/**
 * Loads events by id (in the given order) with their post rows, what their series says of them and, with
 * `languages`, their texts: one query.
 */
export async function loadEventRecords(
  db: Db,
  ids: readonly number[],
  languages?: TextLanguages,
): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  // Without languages, `languages` is undefined: a shape of its own (kept-shapes.ts), without the texts.
  const rows = await readByKey(
    db,
    'event records',
    {
      ids: [...new Set(ids)],
      languages: languages && languagesFor(languages.language, languages.defaultLanguage),
    },
    (values) => selectEventRecords(db, values.languages).where('events.id', 'in', values.ids),
  );
  const byId = toEventRecords(rows, languages);
  return ids.map((id) => byId.get(id)).filter((r): r is EventRecord => r !== undefined);
}

/** An event by its slug (the first one if drafts share it): one query. */
export async function loadEventRecordBySlug(
  db: Db,
  slug: string,
  languages?: TextLanguages,
): Promise<EventRecord | undefined> {
  const rows = await selectEventRecords(
    db,
    languages && languagesFor(languages.language, languages.defaultLanguage),
  )
    .where('events.id', '=', (eb) =>
      eb
        .selectFrom('posts')
        .select('posts.id')
        .where('posts.type', '=', 'event')
        .where('posts.slug', '=', slug)
        .orderBy('posts.id')
        .limit(1),
    )
    .execute();
  return toEventRecords(rows, languages).values().next().value;
}

/** The records of the rows, by id: the rows of one event (one per text language) make one record. */
function toEventRecords(rows: readonly EventRecordRow[], languages: TextLanguages | undefined) {
  const byId = new Map<number, EventRecord>();
  for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, toEventRecord(row));
  if (languages) {
    const texts = pickJoinedTexts(rows, [...byId.keys()], languages.language, languages.defaultLanguage);
    for (const [id, record] of byId)
      record.texts = texts.get(id) ?? { title: '', description: '', excerpt: '' };
  }
  return byId;
}

function toEventRecord(row: EventRecordRow): EventRecord {
  {
    const post: PostRow = {
      id: row.id,
      type: row.type,
      status: row.status,
      author_id: row.author_id,
      slug: row.slug,
      date_utc: row.date_utc,
      modified_utc: row.modified_utc,
      password: row.password,
      image_id: row.image_id,
      trashed_from: row.trashed_from,
    };
    const event: EventRow = {
      id: row.id,
      start_local: row.start_local,
      end_local: row.end_local,
      start_utc: row.start_utc,
      end_utc: row.end_utc,
      timezone: row.timezone,
      all_day: row.all_day,
      cost: row.cost,
      currency_symbol: row.currency_symbol,
      currency_code: row.currency_code,
      currency_position: row.currency_position,
      website: row.website,
      show_map: row.show_map,
      show_map_link: row.show_map_link,
      hide_from_listings: row.hide_from_listings,
      sticky: row.sticky,
      featured: row.featured,
      venue_id: row.venue_id,
      parent_id: row.parent_id,
    };
    return {
      post,
      event,
      keptGlobalId: storedGlobalId(row.origin_global_id, row.origin_global_id_lineage),
      organizerIds: row.organizer_ids ? row.organizer_ids.split(',').map(Number) : [],
      recurrence: {
        rule: row.series_recurrence === null ? undefined : (JSON.parse(row.series_recurrence) as string[]),
        occurrence:
          row.series_id === null
            ? undefined
            : {
                seriesId: row.series_id,
                originalStartUtc: row.original_start_utc!,
                detached: row.follows_id === null,
              },
      },
    };
  }
}

export async function loadEventRecord(
  db: Db,
  id: number,
  languages?: TextLanguages,
): Promise<EventRecord | undefined> {
  return (await loadEventRecords(db, [id], languages))[0];
}
