/**
 * The venue and organizer list filters (ref §6.4, §6.5) as one Kysely query over `posts`, with the query
 * the list echoes in its `rest_url`.
 */
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { canWritePosts } from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import type { Database, PostStatus } from '../../db/schema.js';
import { escapeLike } from '../../db/traits.js';
import { languagesFor } from '../../i18n/translations.js';
import type { RequestContext } from '../../route-table/context.js';
import type { InferParams } from '../../route-table/params.js';
import { ownerOfRows } from '../events/series/reading.js';
import { isTruthy } from '../posts/fields.js';
import { hidesLinksOf } from '../posts/protected-links.js';
import { loadPost } from '../posts/repository.js';
import { indexedCandidates, isBlankSearch, searchFragments } from '../posts/search.js';
import { echoedStatus, statusCondition, visibleStatusesFor } from '../posts/visibility.js';
import type { LinkedPostKind } from './kind.js';
import type { listParams } from './params.js';

export type LinkedListParams = InferParams<ReturnType<typeof listParams>>;

/** The records of the kind that pass the filters, and the filters as `rest_url` echoes them. */
export async function linkedListQuery(
  kind: LinkedPostKind,
  context: RequestContext,
  params: LinkedListParams,
) {
  const { db } = context;
  const statuses = visibleStatusesFor(context, params.status);
  const echo: Array<readonly [string, string]> = [];
  let base = db.selectFrom('posts').where('posts.type', '=', kind.type).where(statusCondition(statuses));

  // A search of blanks only has no fragment to look for: it filters nothing (as a request without it).
  if (typeof params.search === 'string' && !isBlankSearch(params.search)) {
    base = base.where(searchCondition(kind, context, params.search));
    // The trigram index finds the records whose texts contain every fragment of three characters or more
    // somewhere; the rule above then runs on those candidates only. When every fragment is shorter, no
    // index can help and the rule alone scans the records of the type (short searches only).
    const candidates = indexedCandidates(
      context.database.traits,
      { table: 'linked_post_search', key: 'post_id' },
      searchFragments(params.search),
    );
    if (candidates) base = base.where(sql<SqlBool>`${sql.ref('posts.id')} in (${candidates})`);
    echo.push(['search', params.search]);
  }

  const event = params.event;
  if (event !== undefined) {
    const record = await loadPost(db, event);
    base = base.where((eb) =>
      eb.exists(linkedEvents(kind, eb, 'byOwner').select('events.id').where('events.id', '=', event)),
    );
    if (!record || hidesLinksOf(context, record)) base = base.where(sql<SqlBool>`1 = 0`);
    echo.push(['event', String(event)]);
  }
  if (params.has_events !== undefined) {
    const wanted = isTruthy(params.has_events);
    // Events that count: every status but draft and pending (trash included, as the plugin counts it).
    const exists = (eb: ExpressionBuilder<Database, 'posts'>) =>
      eb.exists(
        linkedEvents(kind, eb).select('events.id').where('ep.status', 'not in', ['draft', 'pending']),
      );
    base = base.where((eb) => (wanted ? exists(eb) : eb.not(exists(eb))));
    echo.push(['has_events', wanted ? 'true' : 'false']);
  }
  if (params.only_with_upcoming !== undefined && isTruthy(params.only_with_upcoming)) {
    const eventStatuses: PostStatus[] = canWritePosts(context.principal)
      ? ['publish', 'future', 'draft', 'pending', 'private']
      : ['publish'];
    const nowUtc = formatUtc(context.now);
    // An organizer's upcoming events include the occurrences still to come of a series linked to it.
    base = base.where((eb) =>
      eb.exists(
        linkedEvents(kind, eb, 'withFollowers')
          .select('events.id')
          .where('events.start_utc', '>=', nowUtc)
          .where('ep.status', 'in', eventStatuses),
      ),
    );
    echo.push(['only_with_upcoming', '1']);
  }
  const echoed = echoedStatus(context, params.status);
  if (echoed !== undefined) echo.unshift(['status', echoed]);
  return { query: base, echo };
}

/**
 * A record matches when any of its fields contains every fragment (ref §6.5): its name, description and
 * excerpt as a reader in the request's language sees them, and the kind's own search fields.
 */
function searchCondition(kind: LinkedPostKind, context: RequestContext, search: string) {
  const { config } = context;
  const fragments = searchFragments(search);
  const languages = languagesFor(context.language, config.defaultLanguage);
  const fallback = languages.length > 1;
  const text = (name: 'title' | 'description' | 'excerpt') =>
    fallback
      ? sql`coalesce(${sql.ref(`tl.${name}`)}, ${sql.ref(`td.${name}`)}, '')`
      : sql`coalesce(${sql.ref(`tl.${name}`)}, '')`;
  const fields = [
    text('title'),
    text('description'),
    text('excerpt'),
    ...kind.searchFields.map((f) => sql.ref(`d.${f}`)),
  ];
  const matches = sql.join(
    fields.map(
      (field) =>
        sql`(${sql.join(
          fragments.map((f) => context.database.traits.ilike(field, `%${escapeLike(f)}%`)),
          sql` and `,
        )})`,
    ),
    sql` or `,
  );
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.exists(
      eb
        .selectFrom(`${kind.table} as d` as 'venues as d')
        .leftJoin('post_texts as tl', (join) =>
          join.onRef('tl.post_id', '=', 'd.id').on('tl.language', '=', languages[0]!),
        )
        .$if(fallback, (q) =>
          q.leftJoin('post_texts as td', (join) =>
            join.onRef('td.post_id', '=', 'd.id').on('td.language', '=', config.defaultLanguage),
          ),
        )
        .select('d.id')
        .whereRef('d.id', '=', 'posts.id')
        .where(fragments.length > 0 ? sql<SqlBool>`(${matches})` : sql<SqlBool>`1 = 0`),
    );
}

/**
 * Events linked to this record, as a correlated subquery. An organizer's links are its events' own or, for an
 * occurrence that follows its series, the series' (events/series/follows.ts): `byOwner` joins an event to the
 * links of whoever holds its rows (one event asked by id), `withFollowers` adds the occurrences following a
 * linked series (when their own dates matter), and `none` reads the linked events alone
 * (their followers share their status, so they change no answer about statuses).
 */
function linkedEvents(
  kind: LinkedPostKind,
  eb: ExpressionBuilder<Database, 'posts'>,
  followers: 'byOwner' | 'withFollowers' | 'none' = 'none',
) {
  if (kind.type === 'venue')
    return eb
      .selectFrom('events')
      .innerJoin('posts as ep', 'ep.id', 'events.id')
      .whereRef('events.venue_id', '=', 'posts.id');
  const links = eb.selectFrom('event_organizers').whereRef('event_organizers.organizer_id', '=', 'posts.id');
  const linked = sql.ref<number>('event_organizers.event_id');
  const joined = links.innerJoin('events', (join) =>
    join.on((on) => {
      if (followers === 'byOwner') return on(ownerOfRows(), '=', linked);
      const own = on('events.id', '=', linked);
      return followers === 'withFollowers'
        ? on.or([own, on.and([on('events.series_id', '=', linked), on('events.follows_id', 'is not', null)])])
        : own;
    }),
  );
  return joined.innerJoin('posts as ep', 'ep.id', 'events.id');
}
