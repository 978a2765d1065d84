import type { Migration, MigrationProvider } from 'kysely';
import type { DialectTraits } from '../traits.js';
import { baseline } from './0021-baseline.js';
import { eventSequence } from './0022-event-sequence.js';
import { changeLog } from './0023-change-log.js';
import { webhooks } from './0024-webhooks.js';
import { listSync } from './0025-list-sync.js';
import { serviceWriteLog } from './0027-service-write-log.js';
import { versionAtCommit } from './0028-version-at-commit.js';
import { plannedOnce } from './0029-planned-once.js';
import { foldedEventSearch } from './0030-folded-event-search.js';
import { pushedVersion } from './0031-pushed-version.js';

/**
 * Migrations are code, keyed so that alphabetical order is the order they run in (Kysely's rule). The first is
 * the baseline, the schema the releases before it built migration by migration (`old-chain.ts`). A new
 * migration is a file numbered after the last, imported above and added last below.
 */
export function migrationProvider(traits: DialectTraits): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0021-baseline': baseline(traits.name),
    '0022-event-sequence': eventSequence(traits.name),
    '0023-change-log': changeLog(traits.name),
    '0024-webhooks': webhooks(traits.name),
    '0025-list-sync': listSync(traits.name),
    '0027-service-write-log': serviceWriteLog(traits.name),
    '0028-version-at-commit': versionAtCommit(traits.name),
    '0029-planned-once': plannedOnce(traits.name),
    '0030-folded-event-search': foldedEventSearch(traits.name),
    '0031-pushed-version': pushedVersion(traits.name),
  };
  return { getMigrations: async () => migrations };
}
