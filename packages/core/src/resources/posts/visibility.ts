/**
 * The `status` list filter and who may see which statuses in lists (ref §6.4): callers who cannot write
 * records may only ask for `publish`; writers may ask for any valid status and by default see every status
 * but `trash`.
 */
import type { ExpressionBuilder } from 'kysely';
import { canWritePosts } from '../../auth/capabilities.js';
import type { Database, PostStatus } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';
import { type ParamValue, param, toList } from '../../route-table/params.js';
import { isPostStatus, POST_STATUSES } from './fields.js';

export const statusListParam = param.list<RequestContext>(
  POST_STATUSES,
  {
    en: 'Only records with these statuses (comma-separated). Without write access only "publish" is allowed.',
    de: 'Nur Datensätze mit diesen Status (durch Kommas getrennt). Ohne Schreibrecht ist nur "publish" erlaubt.',
  },
  {
    validate: (values, context) => {
      const statuses = values.map(String);
      if (statuses.length === 0) return false;
      if (!canWritePosts(context.principal)) return statuses.length === 1 && statuses[0] === 'publish';
      return statuses.every(isPostStatus);
    },
  },
);

/** The statuses a list shows: those asked for (validated by `statusListParam`), else the caller's default. */
export function visibleStatusesFor(
  context: RequestContext,
  requested: ParamValue[] | undefined,
): PostStatus[] {
  if (requested !== undefined) return toList(requested).map(String).filter(isPostStatus);
  if (canWritePosts(context.principal)) return POST_STATUSES.filter((s) => s !== 'trash');
  return ['publish'];
}

/** What `rest_url` echoes for `status` (ref §3.1: `status=publish` for anonymous callers). */
export function echoedStatus(
  context: RequestContext,
  requested: ParamValue[] | undefined,
): string | undefined {
  if (requested !== undefined) return toList(requested).map(String).join(',');
  return canWritePosts(context.principal) ? undefined : 'publish';
}

/**
 * The SQL condition for a status list. Scheduled records whose date has passed are already stored as
 * `publish` (resources/posts/scheduled.ts), so the stored status is the whole truth.
 */
export function statusCondition(statuses: readonly PostStatus[]) {
  return (eb: ExpressionBuilder<Database, 'posts'>) => eb('posts.status', 'in', statuses);
}
