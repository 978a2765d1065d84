/**
 * Row locks a write takes on the record it changes, before it checks permission and If-Match against it, so
 * that a concurrent writer (of this service or another program) cannot change what the write decided on. Where the database has no row locks (SQLite: a write transaction holds the whole
 * database from its first statement) there is nothing to take.
 */

import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PostType } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';

/** Locks the post a write by id or by slug changes (`for update`), if it exists. */
export function postLocker(type: PostType) {
  return async (
    context: RequestContext,
    params: { readonly id?: number | undefined; readonly slug?: string | undefined },
  ): Promise<void> => {
    if (!context.database.traits.rowLocks) return;
    const query = context.db.selectFrom('posts').select('id');
    // Every route that locks names the post by one or the other.
    if (params.id !== undefined) await query.where('id', '=', params.id).forUpdate().execute();
    else if (params.slug !== undefined)
      await query.where('type', '=', type).where('slug', '=', params.slug).forUpdate().execute();
  };
}

/** Locks the term a write by id changes (`for update`), if it exists. */
export async function lockTerm(
  context: RequestContext,
  params: { readonly id?: number | undefined },
): Promise<void> {
  if (!context.database.traits.rowLocks || params.id === undefined) return;
  await context.db.selectFrom('terms').select('id').where('id', '=', params.id).forUpdate().execute();
}

/**
 * `isTaken`, after a lock on the slug for the rest of the transaction where the database has row locks: two
 * writes that want one free slug (two creates of one title) would otherwise both find it free. The lock is a
 * statement of its own, so that the check after it reads what the write that held it committed.
 */
export function slugCheckUnderLock(
  db: Db,
  rowLocks: boolean,
  type: string,
  isTaken: (slug: string) => Promise<boolean>,
): (slug: string) => Promise<boolean> {
  if (!rowLocks) return isTaken;
  return async (slug) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`slug ${type} ${slug}`}, 0))`.execute(db);
    return isTaken(slug);
  };
}
