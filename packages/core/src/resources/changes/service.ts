/**
 * `GET /changes`: the change log as the caller may see it. A record the caller could read before a change
 * and cannot after it (a published event made draft, trashed, given a password) is `deleted` for it; one it
 * can read only from this change on is `created` for it; changes to records it could read neither before
 * nor after do not appear. Editors see every change as it was made; authors and contributors see their own
 * records so too.
 */
import { canWritePosts, isEditor } from '../../auth/capabilities.js';
import type { UserPrincipal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { ApiError } from '../../errors/api-error.js';
import { apiError } from '../../errors/catalog.js';
import type { RequestContext } from '../../route-table/context.js';
import type { OperationResult } from '../../route-table/route.js';
import {
  type ChangeAudience,
  type ChangeRow,
  type LogState,
  readChangePage,
  readLogState,
  readPrunedPosition,
} from './repository.js';
import {
  type ChangePosition,
  comparePositions,
  decodeChangeToken,
  encodeChangeToken,
  laterPosition,
} from './token.js';

export const CHANGES_DEFAULT_LIMIT = 100;
export const CHANGES_MAX_LIMIT = 1000;

export interface Change {
  token: string;
  type: ChangeRow['type'];
  id: number;
  action: ChangeRow['action'];
  /** UTC, ISO 8601. */
  at: string;
  series_id?: number;
}

export function audienceOf(principal: UserPrincipal | null): ChangeAudience {
  if (isEditor(principal)) return { kind: 'all' };
  if (principal !== null && canWritePosts(principal)) return { kind: 'own', userId: principal.userId };
  return { kind: 'public' };
}

/** The action as `audience` sees it, from whether anyone could read the record before and after. */
function seenAction(row: ChangeRow, audience: ChangeAudience): ChangeRow['action'] {
  if (audience.kind === 'all') return row.action;
  if (audience.kind === 'own' && row.author_id === audience.userId) return row.action;
  if (row.is_public !== 1) return 'deleted';
  // -1: only a part of the record changed (migration 0023), which leaves it as readable as it was.
  return row.was_public === 1 || row.was_public === -1 ? row.action : 'created';
}

export function changeOf(row: ChangeRow, audience: ChangeAudience): Change {
  const change: Change = {
    token: encodeChangeToken(row),
    type: row.type,
    id: row.record_id,
    action: seenAction(row, audience),
    at: `${row.changed_utc.replace(' ', 'T')}Z`,
  };
  if (row.series_id !== null && row.series_id !== row.record_id) change.series_id = row.series_id;
  return change;
}

/**
 * Refuses with 410 `rest_sync_token_expired` (and where to start again) a token this log cannot go on from:
 * one older than the changes kept, or one ahead of every change (a token of another database, or of this
 * one before it was restored from a backup), which would skip the changes until the log caught up with it.
 */
export function refuseUnusableToken(since: ChangePosition, state: LogState): void {
  const ahead = comparePositions(since, state.now) > 0;
  if (!ahead && comparePositions(since, state.pruned) >= 0) return;
  throw syncTokenExpired(state, ahead ? AHEAD : undefined);
}

/** 410 `rest_sync_token_expired`, with where to start again (the log's "now"). */
export function syncTokenExpired(state: LogState, message?: string): ApiError {
  return apiError('rest_sync_token_expired', {
    ...(message ? { message } : {}),
    data: { next_token: encodeChangeToken(state.now) },
  });
}

const AHEAD =
  'The sync token is ahead of every change this service has logged: it belongs to another database, or to this one before a restore. Read the records again, then follow the changes from data.next_token.';

export async function listChanges(
  context: RequestContext,
  params: { since?: string | undefined; limit?: number | undefined },
): Promise<OperationResult> {
  const state = await readLogState(context.db);
  if (params.since === undefined)
    return { body: { changes: [], next_token: encodeChangeToken(state.now), has_more: false } };
  // The parameter's validation decoded it already.
  const since = decodeChangeToken(params.since) as ChangePosition;
  refuseUnusableToken(since, state);
  const limit = Math.min(params.limit ?? CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT);
  const audience = audienceOf(context.principal);
  const page = await readPageAfter(context.db, state, since, audience, limit);
  if (!page) throw syncTokenExpired(state);
  return {
    body: {
      changes: page.rows.map((row) => changeOf(row, audience)),
      next_token: encodeChangeToken(page.next),
      has_more: page.hasMore,
    },
  };
}

export interface ChangePage {
  /** At most the page's limit, in commit order. */
  rows: ChangeRow[];
  /** More changes follow the page. */
  hasMore: boolean;
  /**
   * Where to go on from: the page's last change when more follow, else "now" (the changes this audience
   * cannot see up to it need no reading again).
   */
  next: ChangePosition;
}

/**
 * The changes after `since` that `audience` may see, a page of at most `limit`, read after `state` (so "now" is
 * no later than the page); undefined when the retention passed `since`, before the page or while it was read
 * (the page then lacks what it removed). `GET /changes` and the live stream page the log through here.
 */
export async function readPageAfter(
  db: Db,
  state: LogState,
  since: ChangePosition,
  audience: ChangeAudience,
  limit: number,
): Promise<ChangePage | undefined> {
  if (comparePositions(since, state.pruned) < 0) return undefined;
  const rows = await readChangePage(db, since, audience, limit + 1);
  if (comparePositions(since, await readPrunedPosition(db)) < 0) return undefined;
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = hasMore && last ? last : laterPosition(laterPosition(since, state.now), last ?? since);
  return { rows: page, hasMore, next };
}
