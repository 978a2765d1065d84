/**
 * Who is asking: an adapter's own authentication (`request.authenticate`) gives a host principal, which names
 * a calendar user or a host user (SPEC §6); without it, the service's authentication (API keys, or the host's
 * `authenticate` option) answers.
 */
import { resolveHostPrincipal } from '../auth/host-principals.js';
import type { UserPrincipal } from '../auth/principal.js';
import type { CalendarDatabase } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { CoreRequest } from './types.js';

export type CallerOf = (request: CoreRequest, now: Date) => Promise<UserPrincipal | null>;

export function createCallerOf(deps: {
  database: CalendarDatabase;
  logger: Logger;
  /** The caller as a user of the calendar (host principals already resolved). */
  authenticate: (request: CoreRequest) => Promise<UserPrincipal | null>;
}): CallerOf {
  return async (request, now) => {
    const hostPrincipal = request.authenticate ? ((await request.authenticate()) ?? null) : undefined;
    return hostPrincipal === undefined
      ? await deps.authenticate(request)
      : hostPrincipal && (await resolveHostPrincipal(deps.database, hostPrincipal, deps.logger, now));
  };
}
