import type { Migration, MigrationProvider } from 'kysely';
import type { DialectTraits } from '../traits.js';
import { initialSchema } from './0001-initial.js';
import { eventSearch } from './0002-event-search.js';
import { dataVersion } from './0003-data-version.js';
import { termCounts } from './0004-term-counts.js';
import { searchIndexes } from './0005-search-indexes.js';
import { venueStartIndex } from './0006-venue-start-index.js';
import { eventDurationBound } from './0007-event-duration-bound.js';
import { eventListingStatus } from './0008-event-listing-status.js';
import { venueListingIndex } from './0009-venue-listing-index.js';
import { dataVersionTriggers } from './0010-data-version-triggers.js';
import { userExternalId } from './0011-user-external-id.js';
import { recurrence } from './0012-recurrence.js';
import { occurrenceWrites } from './0013-occurrence-writes.js';
import { tecOrigins } from './0014-tec-origins.js';
import { occurrenceRows } from './0015-occurrence-rows.js';
import { occurrenceColumns } from './0016-occurrence-columns.js';
import { statusCopyPlan } from './0017-status-copy-plan.js';
import { eventLinksPerStatement } from './0018-event-links-per-statement.js';
import { eventOwnerIndex } from './0019-event-owner-index.js';
import { horizonKeeper } from './0020-horizon-keeper.js';
import { feedHeadIndexes } from './0021-feed-head-indexes.js';
import { eventSequence } from './0022-event-sequence.js';

/** Migrations are code, keyed so that alphabetical order is the order they run in (Kysely's rule). */
export function migrationProvider(traits: DialectTraits): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initialSchema(traits),
    '0002-event-search': eventSearch(traits),
    '0003-data-version': dataVersion,
    '0004-term-counts': termCounts,
    '0005-search-indexes': searchIndexes(traits),
    '0006-venue-start-index': venueStartIndex,
    '0007-event-duration-bound': eventDurationBound(traits),
    '0008-event-listing-status': eventListingStatus(traits),
    '0009-venue-listing-index': venueListingIndex,
    '0010-data-version-triggers': dataVersionTriggers(traits),
    '0011-user-external-id': userExternalId,
    '0012-recurrence': recurrence(traits),
    '0013-occurrence-writes': occurrenceWrites(traits),
    '0014-tec-origins': tecOrigins(traits),
    '0015-occurrence-rows': occurrenceRows(traits),
    '0016-occurrence-columns': occurrenceColumns,
    '0017-status-copy-plan': statusCopyPlan(traits),
    '0018-event-links-per-statement': eventLinksPerStatement(traits),
    '0019-event-owner-index': eventOwnerIndex(traits),
    '0020-horizon-keeper': horizonKeeper,
    '0021-feed-head-indexes': feedHeadIndexes,
    '0022-event-sequence': eventSequence(traits),
  };
  return { getMigrations: async () => migrations };
}
