/**
 * Filters by one event (`categories?post=ID`, `tags?event=ID`, `venues?event=ID`, `organizers?event=ID`)
 * and password-protected events: a protected event's links are not listed to callers who may not edit it.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { canEditRecord, isEditor } from '../../auth/capabilities.js';
import type { Database, PostRow } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';

/**
 * Whether a filter by this event must see none of its terms, venue or organizers: a protected event's links
 * are part of what its password protects, as its text is. Reading the event itself shows them with the
 * password or to those who may edit it; a list takes no password (it would be one more place to guess it,
 * and a password in a URL ends up in logs), so here only those who may edit the event see them.
 */
export function hidesLinksOf(context: RequestContext, event: PostRow): boolean {
  return event.password !== '' && !canEditRecord(context.principal, event);
}

/**
 * `hidesLinksOf` as a condition on `posts`, for lists filtered by links (`GET /events?categories=…`, `tags`,
 * `venue`, `organizer`, a geolocation point): a protected event matches only for those who may edit it
 * (`canEditRecord`: editors any, authors their own, contributors their own drafts and pending events, in the
 * trash too), so its links cannot be inferred from the list it appears in. Undefined: no condition (editors).
 * An `or` with the password test first: an unprotected event is decided without reading its author.
 */
export function linksVisibleCondition(
  context: RequestContext,
): ((eb: ExpressionBuilder<Database, 'posts'>) => Expression<SqlBool>) | undefined {
  const { principal } = context;
  if (isEditor(principal)) return undefined;
  if (principal === null || (principal.role !== 'author' && principal.role !== 'contributor'))
    return (eb) => eb('posts.password', '=', '');
  const own = (eb: ExpressionBuilder<Database, 'posts'>) => eb('posts.author_id', '=', principal.userId);
  if (principal.role === 'author') return (eb) => eb.or([eb('posts.password', '=', ''), own(eb)]);
  const unpublished = ['draft', 'pending'] as const;
  return (eb) =>
    eb.or([
      eb('posts.password', '=', ''),
      eb.and([
        own(eb),
        eb.or([
          eb('posts.status', 'in', unpublished),
          eb.and([eb('posts.status', '=', 'trash'), eb('posts.trashed_from', 'in', unpublished)]),
        ]),
      ]),
    ]);
}
