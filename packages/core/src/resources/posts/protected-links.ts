/**
 * Filters by one event (`categories?post=ID`, `tags?event=ID`, `venues?event=ID`, `organizers?event=ID`)
 * and password-protected events (issue 15, finding 11).
 */
import { canEditRecord } from '../../auth/capabilities.js';
import type { PostRow } from '../../db/schema.js';
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
