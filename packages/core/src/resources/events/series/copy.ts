/**
 * The series' data copied into its occurrences not edited (or deleted) on their own, after each write of the
 * series (`reconcileSeries`).
 */
import type { EventRow, PostRow } from '../../../db/schema.js';
import { hiddenByEditor } from './listing-flags.js';
import type { SeriesScope } from './repository.js';

/**
 * Copies the series' data into its occurrences not edited (or deleted) on their own: post fields and event
 * fields but the dates. Set-based: the same two statements for two occurrences or seven hundred. Their texts,
 * search rows, terms and organizers are the series' own (`follows.ts`): nothing to copy.
 */
export async function copySeriesData(
  scope: SeriesScope,
  seriesId: number,
  post: Pick<
    PostRow,
    'status' | 'author_id' | 'slug' | 'date_utc' | 'password' | 'image_id' | 'trashed_from'
  >,
  event: Omit<EventRow, 'id'>,
): Promise<void> {
  const { db } = scope;
  const targets = () =>
    db
      .selectFrom('events as o')
      .select('o.id')
      .where('o.series_id', '=', seriesId)
      .where('o.follows_id', 'is not', null);
  await db
    .updateTable('posts')
    .set({
      status: post.status,
      author_id: post.author_id,
      slug: post.slug,
      date_utc: post.date_utc,
      password: post.password,
      image_id: post.image_id,
      trashed_from: post.trashed_from,
    })
    .where('id', 'in', targets())
    .execute();
  await db
    .updateTable('events')
    .set({
      timezone: event.timezone,
      all_day: event.all_day,
      cost: event.cost,
      currency_symbol: event.currency_symbol,
      currency_code: event.currency_code,
      currency_position: event.currency_position,
      website: event.website,
      show_map: event.show_map,
      show_map_link: event.show_map_link,
      hide_from_listings: hiddenByEditor(event.hide_from_listings),
      sticky: event.sticky,
      featured: event.featured,
      venue_id: event.venue_id,
      parent_id: seriesId,
    })
    // The followers themselves (each follows the series it is an occurrence of: `follows_id` stays).
    .where('series_id', '=', seriesId)
    .where('follows_id', 'is not', null)
    .execute();
}
