/**
 * Writing a planned import in batches: each batch one write transaction of the service (`serviceWrite`,
 * cache/index.ts, point 1), writes its records' rows set-based (multi-row inserts, chunked below both
 * databases' limits of bound parameters) and their origin rows last, so that a record is whole or absent,
 * and an interrupted run finds the committed ones again, unchanged. An updated record's texts, links and
 * search rows are replaced by the source's; its post and own row are upserted in place (events linking it
 * keep their links).
 */
import { sql } from 'kysely';
import { formatUtc } from '../../dates/format.js';
import { serviceWrite } from '../../db/change-log.js';
import type { CalendarDatabase, Db } from '../../db/database.js';
import { insertRowsChunked } from '../../db/insert-many.js';
import type { Database } from '../../db/schema.js';
import { addToTermCounts, countsForTerms } from '../../resources/terms/counts.js';
import { chunked, type Planned, type PlannedPost } from './plan.js';
import {
  importedEventRows,
  importedLinkedRows,
  importedTermRows,
  type Languages,
  type LocalIds,
  originRow,
} from './rows.js';
import type {
  SourceEvent,
  SourceImage,
  SourceOrganizer,
  SourcePost,
  SourceTerm,
  SourceVenue,
} from './source.js';

type Table = keyof Database | 'term_search' | 'linked_post_search';
type Row = Record<string, unknown>;

async function deleteWhereIn(db: Db, table: Table, column: string, ids: readonly number[]): Promise<void> {
  for (const part of chunked(ids, 1000))
    await sql`delete from ${sql.table(table)} where ${sql.id(column)} in (${sql.join(part)})`.execute(db);
}

export interface WriteContext {
  database: CalendarDatabase;
  source: string;
  ids: LocalIds;
  languages: Languages;
  now: Date;
  /** Records per transaction. */
  batchSize: number;
  /** Told after each committed batch, with how many records of the kind it wrote. */
  onBatch(written: number): void;
}

/** Runs `write` over the records in batches, each in its own transaction. */
async function inBatches<T>(
  context: WriteContext,
  records: readonly T[],
  write: (db: Db, batch: readonly T[]) => Promise<void>,
): Promise<void> {
  for (const batch of chunked(records, context.batchSize)) {
    await serviceWrite(context.database, (trx) => write(trx, batch));
    context.onBatch(batch.length);
  }
}

/** Rows for one table; with `key`, upserted (see `insertRowsChunked`). */
interface RowSet {
  table: Table;
  rows: readonly Row[];
  key?: readonly string[];
}

async function writeRowSets(db: Db, sets: readonly RowSet[]): Promise<void> {
  for (const set of sets) await insertRowsChunked(db, set.table, set.rows, { conflictKey: set.key });
}

/** The origin rows of a batch, written last: a record with its origin row is a record written whole. */
function originRows(context: WriteContext, batch: ReadonlyArray<Planned<SourcePost | SourceTerm>>): RowSet {
  return {
    table: 'tec_origins',
    rows: batch.map((record) => originRow(context.source, record)),
    key: ['source', 'kind', 'source_id'],
  };
}

function updatedIds(records: ReadonlyArray<Planned<unknown>>): number[] {
  return records.filter((r) => r.action === 'update').map((r) => r.localId);
}

export async function writeTerms(
  context: WriteContext,
  records: readonly Planned<SourceTerm>[],
): Promise<void> {
  await inBatches(context, records, async (db, batch) => {
    const rows = batch.map((record) => importedTermRows(record, context.ids, context.languages));
    await deleteWhereIn(db, 'term_texts', 'term_id', updatedIds(batch));
    await writeRowSets(db, [
      { table: 'terms', rows: rows.map((r) => r.terms), key: ['id'] },
      { table: 'term_texts', rows: rows.flatMap((r) => r.term_texts) },
      { table: 'term_search', rows: rows.map((r) => r.term_search), key: ['term_id'] },
      originRows(context, batch),
    ]);
  });
}

/** New images, each registered once by URL (never downloaded), before the posts that show them. */
export async function writeImages(
  context: WriteContext,
  images: ReadonlyArray<{ localId: number; image: SourceImage }>,
): Promise<void> {
  const created = formatUtc(context.now);
  await inBatches(context, images, async (db, batch) => {
    const rows = batch.map(({ localId, image }) => ({
      id: localId,
      url: image.url,
      width: image.width,
      height: image.height,
      mime_type: image.mime_type,
      filesize: image.filesize,
      created_utc: created,
    }));
    await insertRowsChunked(db, 'images', rows);
  });
}

export async function writeLinked(
  context: WriteContext,
  records: ReadonlyArray<PlannedPost<SourceVenue> | PlannedPost<SourceOrganizer>>,
): Promise<void> {
  await inBatches(context, records, async (db, batch) => {
    const rows = batch.map((record) => importedLinkedRows(record, context.ids, context.languages));
    const table = batch[0]!.source.kind === 'venue' ? 'venues' : 'organizers';
    await deleteWhereIn(db, 'post_texts', 'post_id', updatedIds(batch));
    await writeRowSets(db, [
      { table: 'posts', rows: rows.map((r) => r.post), key: ['id'] },
      { table, rows: rows.map((r) => ({ ...r.own })), key: ['id'] },
      { table: 'post_texts', rows: rows.map((r) => r.text) },
      { table: 'linked_post_search', rows: rows.map((r) => r.search), key: ['post_id'] },
      originRows(context, batch),
    ]);
  });
}

export async function writeEvents(
  context: WriteContext,
  records: readonly PlannedPost<SourceEvent>[],
): Promise<void> {
  const nowUtc = formatUtc(context.now);
  await inBatches(context, records, async (db, batch) => {
    const rows = batch.map((record) => importedEventRows(record, context.ids, context.languages));
    const updated = updatedIds(batch);
    // The stored term counts move by what the batch changes (counts.ts's rule): an updated event no longer
    // counts where it counted before its update, and every written event counts where it counts now.
    const delta = new Map<number, number>();
    const add = (termId: number, change: number) => delta.set(termId, (delta.get(termId) ?? 0) + change);
    for (const part of chunked(updated, 1000))
      for (const link of await db
        .selectFrom('event_terms')
        .innerJoin('posts', 'posts.id', 'event_terms.event_id')
        .select(['event_terms.term_id', 'posts.status', 'posts.date_utc'])
        .where('event_terms.event_id', 'in', part)
        .execute())
        if (countsForTerms(link, nowUtc)) add(link.term_id, -1);
    for (const row of rows)
      if (countsForTerms(row.post, nowUtc)) for (const link of row.event_terms) add(link.term_id, 1);
    for (const table of ['post_texts', 'event_organizers', 'event_terms', 'event_search'] as const)
      await deleteWhereIn(db, table, table === 'post_texts' ? 'post_id' : 'event_id', updated);
    await writeRowSets(db, [
      { table: 'posts', rows: rows.map((r) => r.post), key: ['id'] },
      { table: 'events', rows: rows.flatMap((r) => r.events), key: ['id'] },
      { table: 'post_texts', rows: rows.map((r) => r.text) },
      { table: 'event_organizers', rows: rows.flatMap((r) => r.event_organizers) },
      { table: 'event_terms', rows: rows.flatMap((r) => r.event_terms) },
      { table: 'event_search', rows: rows.flatMap((r) => r.event_search) },
    ]);
    await addToTermCounts(db, delta, context.database.traits.rowLocks);
    await writeRowSets(db, [originRows(context, batch)]);
  });
}
