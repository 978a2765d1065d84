/**
 * The rows of a series' new occurrences (`reconcileSeries`): their posts and events, each table's in one
 * statement or a few, and the wall-clock arithmetic their dates take.
 */
import { addWallSeconds, formatUtc } from '../../../dates/format.js';
import { localToUtc } from '../../../dates/zones.js';
import { analyzeStaleTables } from '../../../db/analyze.js';
import { insertMany } from '../../../db/insert-many.js';
import type { EventRow, PostRow } from '../../../db/schema.js';
import type { JsonColumn } from '../../../db/traits.js';
import { hiddenByEditor } from './listing-flags.js';
import type { SeriesScope } from './repository.js';

const POST_COLUMNS: readonly JsonColumn[] = [
  ['type', 'text'],
  ['status', 'text'],
  ['author_id', 'integer'],
  ['slug', 'text'],
  ['date_utc', 'text'],
  ['modified_utc', 'text'],
  ['password', 'text'],
  ['image_id', 'integer'],
  ['trashed_from', 'text'],
];

const EVENT_COLUMNS: readonly JsonColumn[] = [
  ['id', 'integer'],
  ['start_local', 'text'],
  ['end_local', 'text'],
  ['start_utc', 'text'],
  ['end_utc', 'text'],
  ['timezone', 'text'],
  ['all_day', 'integer'],
  ['cost', 'text'],
  ['currency_symbol', 'text'],
  ['currency_code', 'text'],
  ['currency_position', 'text'],
  ['website', 'text'],
  ['show_map', 'integer'],
  ['show_map_link', 'integer'],
  ['hide_from_listings', 'integer'],
  ['sticky', 'integer'],
  ['featured', 'integer'],
  ['venue_id', 'integer'],
  ['parent_id', 'integer'],
  ['follows_id', 'integer'],
  ['series_id', 'integer'],
  ['original_start_utc', 'text'],
  ['status', 'text'],
];

/** The columns of `events` an occurrence does not take from its series. */
const OCCURRENCE_OWN_COLUMNS = new Set([
  'id',
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'original_start_utc',
]);

/**
 * The rows of new occurrences: posts with the series' post fields (all alike, so their ids are handed out in
 * date order), and events with the series' fields at their dates, following the series. Seven hundred of each
 * for a daily series, each table's in one statement or a few (`insertMany`).
 */
export async function insertOccurrences(
  scope: SeriesScope,
  seriesId: number,
  post: PostRow,
  event: EventRow,
  instants: ReadonlyArray<{ local: string; utc: string }>,
  duration: number,
): Promise<void> {
  const postFields = {
    type: 'event',
    status: post.status,
    author_id: post.author_id,
    slug: post.slug,
    date_utc: post.date_utc,
    modified_utc: formatUtc(scope.now),
    password: post.password,
    image_id: post.image_id,
    trashed_from: post.trashed_from,
  };
  const ids = (
    await insertMany(
      scope.database,
      scope.db,
      'posts',
      POST_COLUMNS,
      instants.map(() => ({})),
      { returningIds: true, shared: postFields },
    )
  ).sort((a, b) => a - b);
  const zone = event.timezone;
  // Every field but the id and the dates is the series' own.
  const eventFields = Object.fromEntries(
    EVENT_COLUMNS.filter(([name]) => !OCCURRENCE_OWN_COLUMNS.has(name)).map(([name]) => [
      name,
      (event as unknown as Record<string, unknown>)[name],
    ]),
  );
  await insertMany(
    scope.database,
    scope.db,
    'events',
    EVENT_COLUMNS,
    instants.map((instant, index) => {
      const endLocal = addWallSeconds(instant.local, duration);
      return {
        id: ids[index],
        start_local: instant.local,
        end_local: endLocal,
        start_utc: instant.utc,
        end_utc: localToUtc(endLocal, zone),
        original_start_utc: instant.utc,
      };
    }),
    {
      shared: {
        ...eventFields,
        parent_id: seriesId,
        follows_id: seriesId,
        series_id: seriesId,
        // The series' own flag, not that it holds its rule only (first.ts).
        hide_from_listings: hiddenByEditor(event.hide_from_listings),
        // Named here, the status trigger has nothing to correct.
        status: post.status,
      },
    },
  );
  // Hundreds of rows at once: the planner's statistics must not wait for autovacuum (db/analyze.ts).
  await analyzeStaleTables(scope.database, scope.db);
}
