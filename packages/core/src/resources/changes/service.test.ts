/**
 * `GET /changes` and the retention running at the same moment: a token the retention passes while its page
 * is read has missed changes, and is answered 410 like one it had passed before, never with a page that
 * silently leaves them out. The retention is run between the reads of the log's state and of the page, by a
 * plugin that waits for it after the first query (PostgreSQL; the reads are the same on SQLite).
 */

import { testDialects } from '@calendar-events/tests/databases';
import { type KyselyPlugin, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarDatabase } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { RequestContext } from '../../route-table/context.js';
import { pruneChangeBatch, readLogState } from './repository.js';
import { listChanges } from './service.js';
import { encodeChangeToken } from './token.js';

// PostgreSQL: the plugin waits for the retention while SQLite's one connection is still held by the read.
const postgres = (await testDialects()).find((dialect) => dialect.name === 'postgres');

// A lane without PostgreSQL (SQLite only) has the suite skipped rather than a file without one.
describe.skipIf(!postgres)('GET /changes while the retention prunes (postgres)', () => {
  const dialect = postgres!;
  let database: CalendarDatabase;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ database, close } = await dialect.open());
  });
  afterEach(() => close());

  it('answers 410 for a token the retention passed between the state and the page', async () => {
    const since = encodeChangeToken((await readLogState(database.kysely)).now);
    for (const slug of ['a', 'b', 'c'])
      await sql`insert into terms (taxonomy, slug) values ('tag', ${slug})`.execute(database.kysely);
    let queries = 0;
    const pruneAfterFirst: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        // After the state's read: the retention removes every change.
        if (++queries === 1) await pruneChangeBatch(database, '9999-12-31 00:00:00', 1000);
        return args.result;
      },
    };
    const context = { db: database.kysely.withPlugin(pruneAfterFirst), principal: null } as RequestContext;
    const answer = await listChanges(context, { since, limit: 100 }).then(
      (result) => result.body,
      (error: unknown) => error,
    );
    expect(queries).toBeGreaterThan(1);
    expect(answer).toBeInstanceOf(ApiError);
    expect((answer as ApiError).code).toBe('rest_sync_token_expired');
  });
});
