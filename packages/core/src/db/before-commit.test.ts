/**
 * Work a service write leaves to its end runs inside its transaction, after the write and before the commit,
 * in order; outside a service write it runs at once.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { beforeCommit, isOpenWrite } from './before-commit.js';
import { serviceWrite } from './change-log.js';

const dialects = await testDialects();

describe.each(dialects)('beforeCommit ($name)', (dialect) => {
  it('runs what a write left after it, inside its transaction, in order; at once outside one', async () => {
    const { database, close } = await dialect.open();
    try {
      const ran: string[] = [];
      await beforeCommit(database.kysely, async () => {
        ran.push('outside, at once');
      });
      expect(ran).toEqual(['outside, at once']);
      const result = await serviceWrite(database, async (trx) => {
        expect(isOpenWrite(trx)).toBe(true);
        await beforeCommit(trx, async () => {
          ran.push('first left');
          // Work left while the left work runs runs too.
          await beforeCommit(trx, async () => {
            ran.push('left by the first');
          });
          await sql`insert into terms (taxonomy, slug, parent_id) values ('tag', 'left-to-the-end', 0)`.execute(
            trx,
          );
        });
        await beforeCommit(trx, async () => {
          ran.push('second left');
        });
        ran.push('write done');
        return 'answer';
      });
      expect(result).toBe('answer');
      expect(ran).toEqual([
        'outside, at once',
        'write done',
        'first left',
        'second left',
        'left by the first',
      ]);
      const stored = await database.kysely
        .selectFrom('terms')
        .select('slug')
        .where('slug', '=', 'left-to-the-end')
        .execute();
      expect(stored).toHaveLength(1);
      // A write that fails leaves nothing of what it left to its end.
      await expect(
        serviceWrite(database, async (trx) => {
          await beforeCommit(trx, async () => {
            ran.push('never');
          });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(ran).not.toContain('never');
    } finally {
      await close();
    }
  });
});
