/**
 * The budget of new categories and tags per user (`config.newTermsPerHour`): event writes create the terms
 * they name (up to 100 of each per write), so without a budget one contributor could fill the site's
 * taxonomies at the rate limit's pace. The rate limiter's token buckets hold it, keyed by user, per process as
 * they are: a user may create `limit` new terms at once and then `limit` an hour. Editors and administrators
 * curate the terms (they may rename, merge and delete any) and are not limited.
 *
 * A write takes what it creates as it learns it (`NewTermAllowance.take`, synchronous, so concurrent writes
 * of one user cannot both spend the same tokens); a write that fails afterwards, for any reason, gives back
 * everything it took (`refund`), since its transaction created nothing.
 */

import { isEditor } from '../auth/capabilities.js';
import type { UserPrincipal } from '../auth/principal.js';
import { apiError } from '../errors/catalog.js';
import { invalidParams } from '../errors/invalid-params.js';
import type { NewTermAllowance } from '../route-table/context.js';
import { TokenBuckets } from './rate-limit.js';

const HOUR_SECONDS = 3600;

/** The allowance of one write, which its dispatcher refunds when the write fails. */
export interface RefundableAllowance extends NewTermAllowance {
  refund(): void;
}

export interface NewTermBudget {
  /** The allowance of one write by `principal` at `now`; undefined when the caller is not limited. */
  forWrite(principal: UserPrincipal | null, now: Date): RefundableAllowance | undefined;
}

/** `maxUsers`: most users remembered, the least recently seen forgotten first (memory stays bounded). */
export function createNewTermBudget(limit: number | false, maxUsers = 10_000): NewTermBudget | undefined {
  if (limit === false) return undefined;
  const buckets = new TokenBuckets('new-terms', limit, HOUR_SECONDS, maxUsers);
  return {
    forWrite(principal, now) {
      if (principal === null || isEditor(principal)) return undefined;
      const user = String(principal.userId);
      const at = now.getTime();
      let taken = 0;
      return {
        take(count, param) {
          if (count <= 0) return;
          if (taken + count > limit)
            throw invalidParams({
              [param]: {
                message: `This write would create ${taken + count} new categories and tags; a user may create at most ${limit} an hour.`,
              },
            });
          if (!buckets.take(user, at, count)) {
            const retryAfter = Math.max(1, buckets.secondsUntilToken(user, at, count));
            throw apiError('rest_too_many_requests', {
              message: `Too many new categories and tags: a user may create ${limit} an hour, and ${param} would create ${count} more. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
              headers: { 'Retry-After': String(retryAfter) },
            });
          }
          taken += count;
        },
        refund() {
          if (taken > 0) buckets.giveBack(user, at, taken);
          taken = 0;
        },
      };
    },
  };
}
