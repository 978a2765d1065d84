/**
 * The stored event counts of terms: what counts as a published event, the deltas event writes
 * apply, the recount of the due-post publisher, and `hide_empty`, which reads the counts.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { beforeCommit, isOpenWrite, WITH_THE_COMMIT } from '../../db/before-commit.js';
import type { Db } from '../../db/database.js';
import type { Taxonomy } from '../../db/schema.js';
import { ownerOfRows } from '../events/series/reading.js';

/**
 * An event counts for a term when it is published, or scheduled with a publication date that has passed
 * (served as published, SPEC §10). WordPress counts published posts only; drafts and private events do not
 * make a term "non-empty".
 */
function countsAsPublished(postAlias: string, nowUtc: string): RawBuilder<SqlBool> {
  const status = sql.ref(`${postAlias}.status`);
  const date = sql.ref(`${postAlias}.date_utc`);
  return sql<SqlBool>`(${status} = ${'publish'} or (${status} = ${'future'} and ${date} <= ${nowUtc}))`;
}

/**
 * `count`: published events carrying the term whose id is `termId` (a column reference), read from the
 * stored `event_count` of the same row, which event writes keep exact (`moveTermCounts`)
 * and the scheduled publisher recounts (`refreshTermCounts`).
 */
export function publishedEventCount(termId: string): RawBuilder<number | string> {
  return sql<number | string>`${sql.ref(termId.replace(/\.id$/, '.event_count'))}`;
}

/**
 * Recounts the published events of these terms: the scheduled publisher calls it for the terms of the
 * events it publishes. Event writes move counts by deltas instead (`moveTermCounts`), which is cheaper.
 */
export async function refreshTermCounts(
  db: Db,
  termIds: readonly number[],
  nowUtc: string,
  rowLocks: boolean,
): Promise<void> {
  if (termIds.length === 0) return;
  // A recount sets the counts: changes left to the end of this write would then be counted twice.
  await applyChangesLeft(db, rowLocks);
  const ids = [...new Set(termIds)].sort((a, b) => a - b);
  // Locked first, in a statement of its own, where the database has row locks: the recount below then reads
  // what every write that moved these counts before has committed (an event write adds its `+1` to a term
  // under the term's lock), and the writes after wait for it. In one statement, the count would be read from
  // before the wait and lose the `+1` of the write waited for.
  if (rowLocks)
    await db.selectFrom('terms').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  await db
    .updateTable('terms')
    .set({
      // The events carrying it, and the occurrences following a series that carries it
      // (events/series/follows.ts).
      event_count: sql<number>`(select count(*) from event_terms as ec inner join events as ee on ee.id = ec.event_id or ee.follows_id = ec.event_id inner join posts as pc on pc.id = ee.id where ec.term_id = ${sql.ref('terms.id')} and ${countsAsPublished('pc', nowUtc)})`,
    })
    .where('id', 'in', ids)
    .execute();
}

/** Whether an event in this state counts for its terms (the rule of `countsAsPublished`). */
export function countsForTerms(post: { status: string; date_utc: string }, nowUtc: string): boolean {
  return post.status === 'publish' || (post.status === 'future' && post.date_utc <= nowUtc);
}

/**
 * Moves the stored counts from what an event was to what it is: its old terms lose it if it counted, its
 * new terms gain it if it counts. A few `+1`/`-1` updates instead of recounting every event of each term,
 * which cost tens of milliseconds per popular term on a large calendar, inside the write's transaction.
 * Atomic increments also stay exact when writes run concurrently.
 */
export async function moveTermCounts(
  db: Db,
  before: { termIds: readonly number[]; counted: boolean },
  after: { termIds: readonly number[]; counted: boolean },
  rowLocks = false,
  options: { atTheEnd?: boolean } = {},
): Promise<void> {
  const delta = new Map<number, number>();
  if (before.counted) for (const id of new Set(before.termIds)) delta.set(id, (delta.get(id) ?? 0) - 1);
  if (after.counted) for (const id of new Set(after.termIds)) delta.set(id, (delta.get(id) ?? 0) + 1);
  if (options.atTheEnd && isOpenWrite(db)) await moveAtTheEnd(db, delta, rowLocks);
  else await addToTermCounts(db, delta, rowLocks);
}

/** The count changes a write left to its end, by its transaction (`moveTermCounts`' `atTheEnd`). */
const changesLeft = new WeakMap<Db, Map<number, number>>();

/**
 * Leaves the count changes to the end of the write (db/before-commit.ts): a term many events carry is then
 * locked for the commit only, not for the rest of the write (the reads of its answer), and concurrent creates
 * naming it queue for that moment only. The write's own reads of the counts add what it left
 * (`countChangeLeft`).
 */
async function moveAtTheEnd(db: Db, delta: ReadonlyMap<number, number>, rowLocks: boolean): Promise<void> {
  let left = changesLeft.get(db);
  if (!left) {
    left = new Map();
    changesLeft.set(db, left);
    await beforeCommit(db, () => applyChangesLeft(db, rowLocks, { withTheCommit: true }));
  }
  for (const [id, change] of delta) left.set(id, (left.get(id) ?? 0) + change);
}

/**
 * Makes the count changes left to the end of the write on `db`, if any (once). At the very end, where the
 * database has row locks, they go in the commit's own message (`withTheCommit`): the terms are then locked
 * while the server runs the commit only.
 */
async function applyChangesLeft(
  db: Db,
  rowLocks: boolean,
  options: { withTheCommit?: boolean } = {},
): Promise<void> {
  const left = changesLeft.get(db);
  changesLeft.delete(db);
  if (left) await addToTermCounts(db, left, rowLocks, rowLocks && options.withTheCommit === true);
}

/** What the write on `db` left to its end of the count of this term (0 when nothing). */
export function countChangeLeft(db: Db, termId: number): number {
  return changesLeft.get(db)?.get(termId) ?? 0;
}

/** Terms whose counts one statement moves at most (two bound values each). */
const TERMS_PER_STATEMENT = 500;

/**
 * Adds each term's change to its stored count, in one statement per 500 terms. Where the database has row
 * locks (`rowLocks`, PostgreSQL) the terms are locked in the order of their ids first, within the statement:
 * concurrent writers then always meet on a term in one order and cannot deadlock (an `update … where id in`
 * locks in the order it finds the rows, which moves as rows are updated). `for no key update` is the lock the
 * update takes anyway; `for update` would also wait for the key-share locks of writes that link the term. The
 * lock is held to the end of the transaction: concurrent writes to one term queue from here.
 */
export async function addToTermCounts(
  db: Db,
  delta: ReadonlyMap<number, number>,
  rowLocks = false,
  withTheCommit = false,
): Promise<void> {
  const ids = [...delta].filter(([, change]) => change !== 0).map(([id]) => id);
  ids.sort((a, b) => a - b);
  for (let at = 0; at < ids.length; at += TERMS_PER_STATEMENT) {
    const chunk = ids.slice(at, at + TERMS_PER_STATEMENT);
    const changes = chunk.map((id) => delta.get(id)!);
    if (withTheCommit) {
      // With the commit, the statement has no parameters (db/postgres-combined-inserts.ts): its numbers are
      // written into its text, integers that the map's types and `Number.isSafeInteger` vouch for. Such a
      // statement is planned at every run; the function's are planned once per connection (migration 0029)
      // and lock the terms in the order of their ids, as below.
      await sql`select calendar_add_to_term_counts(${integerArray(chunk)}, ${integerArray(changes)}) ${sql.raw(
        WITH_THE_COMMIT,
      )}`.execute(db);
      continue;
    }
    const change = sql<number>`case ${sql.ref('id')} ${sql.join(
      chunk.map((id, index) => sql`when ${id} then cast(${changes[index]} as integer)`),
      sql` `,
    )} end`;
    const update = db
      .updateTable('terms')
      .set({ event_count: sql<number>`${sql.ref('event_count')} + ${change}` });
    const locked = rowLocks
      ? update.where('id', 'in', (eb) =>
          eb
            .selectFrom('terms as locked')
            .select('locked.id')
            .where('locked.id', 'in', chunk)
            .orderBy('locked.id')
            .forNoKeyUpdate(),
        )
      : update.where('id', 'in', chunk);
    await locked.execute();
  }
}

/** An `integer[]` literal of checked integers, for a statement without parameters. */
function integerArray(numbers: readonly number[]) {
  for (const n of numbers) if (!Number.isSafeInteger(n)) throw new TypeError(`not an integer: ${n}`);
  return sql`${sql.lit(`{${numbers.join(',')}}`)}::integer[]`;
}

/** Per term, how many of these events (a subquery of their ids) count for it now. */
export async function countedEventsPerTerm(
  db: Db,
  eventIds: Expression<number>,
  nowUtc: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('event_terms as et', (join) => join.on('et.event_id', '=', ownerOfRows('e')))
    .innerJoin('posts as p', 'p.id', 'e.id')
    .select(['et.term_id', (eb) => eb.fn.countAll<number | string>().as('events')])
    .where('e.id', 'in', eventIds)
    .where(countsAsPublished('p', nowUtc))
    .groupBy('et.term_id')
    .execute();
  return new Map(rows.map((row) => [row.term_id, Number(row.events)]));
}

/**
 * Moves the stored counts by the difference of two tallies of `countedEventsPerTerm` taken before and after a
 * write to many events at once (a series' occurrences), instead of recounting every event of each term.
 */
export async function moveTermTallies(
  db: Db,
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
  rowLocks = false,
): Promise<void> {
  const delta = new Map<number, number>();
  for (const id of new Set([...before.keys(), ...after.keys()]))
    delta.set(id, (after.get(id) ?? 0) - (before.get(id) ?? 0));
  await addToTermCounts(db, delta, rowLocks);
}

/** The ids of the terms an event carries (its series', for an occurrence that follows it). */
export function termIdsOfEvent(db: Db, eventId: number): Promise<number[]> {
  return termIdsOfEvents(db, [eventId]);
}

/** The ids of the terms these events carry, once for each event carrying it. */
export async function termIdsOfEvents(db: Db, eventIds: readonly number[]): Promise<number[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .innerJoin('event_terms', (join) => join.on('event_terms.event_id', '=', ownerOfRows()))
    .select('event_terms.term_id')
    .where('events.id', 'in', eventIds)
    .execute();
  return rows.map((r) => r.term_id);
}

/**
 * `hide_empty` (ref §6.6). A tag is non-empty when a published event carries it. A category is also shown
 * when it has no events itself but one of its descendants has (WordPress's `hierarchical` default for
 * category lists, so a menu built from the list keeps its parents). The recursive part walks up from the
 * non-empty categories; `union` (not `union all`) ends the walk even on a damaged tree with a cycle.
 */
export function isNonEmpty(taxonomy: Taxonomy, termId: string, nowUtc: string): RawBuilder<SqlBool> {
  void nowUtc;
  if (taxonomy === 'tag') return sql<SqlBool>`${sql.ref(termId.replace(/\.id$/, '.event_count'))} > 0`;
  return sql<SqlBool>`${sql.ref(termId)} in (
    with recursive nonempty(id) as (
      select t0.id from terms as t0
        where t0.taxonomy = ${taxonomy}
          and t0.event_count > 0
      union
      select t1.parent_id from terms as t1 inner join nonempty as n on n.id = t1.id where t1.parent_id <> 0
    )
    select id from nonempty
  )`;
}
