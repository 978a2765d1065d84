import type { Db } from '../../db/database.js';
import type { EventRow, PostRow } from '../../db/schema.js';
import { storedGlobalId } from '../posts/global-ids.js';
import { POST_COLUMNS } from '../posts/repository.js';
import type { EventRecord } from './serialize.js';

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

function selectEventRecords(db: Db) {
  return (
    db
      .selectFrom('events')
      .innerJoin('posts', 'posts.id', 'events.id')
      // The global ids an import kept (`tec_origins`), read with the event: no statement of their own.
      .leftJoin('tec_origins', 'tec_origins.post_id', 'events.id')
      .select(POST_COLUMNS)
      .select([
        'tec_origins.global_id as origin_global_id',
        'tec_origins.global_id_lineage as origin_global_id_lineage',
      ])
      .select(EVENT_COLUMNS)
  );
}

type EventRecordRow = Awaited<ReturnType<ReturnType<typeof selectEventRecords>['execute']>>[number];

/** Loads events by id (in the given order) with their post rows: one query. */
export async function loadEventRecords(db: Db, ids: readonly number[]): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectEventRecords(db)
    .where('events.id', 'in', [...new Set(ids)])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toEventRecord(row)]));
  return ids.map((id) => byId.get(id)).filter((r): r is EventRecord => r !== undefined);
}

/** An event by its slug (the first one if drafts share it): one query. */
export async function loadEventRecordBySlug(db: Db, slug: string): Promise<EventRecord | undefined> {
  const row = await selectEventRecords(db)
    .where('posts.type', '=', 'event')
    .where('posts.slug', '=', slug)
    .orderBy('posts.id')
    .limit(1)
    .executeTakeFirst();
  return row ? toEventRecord(row) : undefined;
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
    return { post, event, keptGlobalId: storedGlobalId(row.origin_global_id, row.origin_global_id_lineage) };
  }
}

export async function loadEventRecord(db: Db, id: number): Promise<EventRecord | undefined> {
  return (await loadEventRecords(db, [id]))[0];
}
