/**
 * Writing a planned import (issue 19) in batches: each batch one transaction that bumps the data version first
 * (cache/index.ts, point 1), writes its records' rows set-based (multi-row inserts, chunked below both
 * databases' limits of bound parameters) and their origin rows last, so that a record is whole or absent,
 * and an interrupted run finds the committed ones again, unchanged. An updated record's texts, links and
 * search rows are replaced by the source's; its post and own row are upserted in place (events linking it
 * keep their links).
 */
import { sql } from 'kysely';
import { formatUtc } from '../../dates/format.js';
import { bumpDataVersion } from '../../db/data-version.js';
import type { CalendarDatabase, Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { refreshTermCounts } from '../terms/counts.js';
import { chunked, type Planned, type PlannedPost } from './plan.js';
import {
  importedEventRows,
  importedLinkedRows,
  importedTermRows,
  type Languages,
  type LocalIds,
  originRow,
} from './rows.js';
import type { SourceEvent, SourceImage, SourceOrganizer, SourceTerm, SourceVenue } from './source.js';

/** Bound parameters per statement: under SQLite's 32,766 (and PostgreSQL's 65,535). */
const MAX_PARAMETERS = 30_000;

type Table = keyof Database | 'term_search' | 'linked_post_search';
type Row = Record<string, unknown>;

/**
 * Multi-row inserts of `rows` into `table`, in statements of at most MAX_PARAMETERS values; with `key`, an
 * upsert that replaces every other column of a row already there (`on conflict … do update`, both databases).
 */
async function insertRows(
  db: Db,
  table: Table,
  rows: readonly Row[],
  key?: readonly string[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const updated = columns.filter((column) => !key?.includes(column));
  for (const part of chunked(rows, perStatement)) {
    const values = sql.join(part.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`));
    const conflict =
      key && updated.length > 0
        ? sql` on conflict (${sql.join(key.map((k) => sql.id(k)))}) do update set ${sql.join(
            updated.map((column) => sql`${sql.id(column)} = excluded.${sql.id(column)}`),
          )}`
        : sql``;
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${values}${conflict}`.execute(
      db,
    );
  }
}

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
    await context.database.kysely.transaction().execute(async (trx) => {
      await bumpDataVersion(trx);
      await write(trx, batch);
    });
    context.onBatch(batch.length);
  }
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
    await insertRows(
      db,
      'terms',
      rows.map((r) => r.terms),
      ['id'],
    );
    await insertRows(
      db,
      'term_texts',
      rows.flatMap((r) => r.term_texts),
    );
    await insertRows(
      db,
      'term_search',
      rows.map((r) => r.term_search),
      ['term_id'],
    );
    await insertRows(
      db,
      'tec_origins',
      batch.map((record) => originRow(context.source, record)),
      ['source', 'kind', 'source_id'],
    );
  });
}

/** New images, each registered once by URL (never downloaded), before the posts that show them. */
export async function writeImages(
  context: WriteContext,
  images: ReadonlyArray<{ localId: number; image: SourceImage }>,
): Promise<void> {
  const created = formatUtc(context.now);
  await inBatches(context, images, async (db, batch) => {
    await insertRows(
      db,
      'images',
      batch.map(({ localId, image }) => ({
        id: localId,
        url: image.url,
        width: image.width,
        height: image.height,
        mime_type: image.mime_type,
        filesize: image.filesize,
        created_utc: created,
      })),
    );
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
    await insertRows(
      db,
      'posts',
      rows.map((r) => r.post),
      ['id'],
    );
    await insertRows(
      db,
      table,
      rows.map((r) => r.own as unknown as Row),
      ['id'],
    );
    await insertRows(
      db,
      'post_texts',
      rows.map((r) => r.text),
    );
    await insertRows(
      db,
      'linked_post_search',
      rows.map((r) => r.search),
      ['post_id'],
    );
    await insertRows(
      db,
      'tec_origins',
      batch.map((record) => originRow(context.source, record)),
      ['source', 'kind', 'source_id'],
    );
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
    // The terms an updated event leaves lose it from their counts: recounted with the terms it has now.
    const touchedTerms = new Set<number>();
    for (const part of chunked(updated, 1000))
      for (const row of await db
        .selectFrom('event_terms')
        .select('term_id')
        .where('event_id', 'in', part)
        .execute())
        touchedTerms.add(row.term_id);
    for (const table of ['post_texts', 'event_organizers', 'event_terms', 'event_search'] as const)
      await deleteWhereIn(db, table, table === 'post_texts' ? 'post_id' : 'event_id', updated);
    await insertRows(
      db,
      'posts',
      rows.map((r) => r.post),
      ['id'],
    );
    await insertRows(
      db,
      'events',
      rows.flatMap((r) => r.events),
      ['id'],
    );
    await insertRows(
      db,
      'post_texts',
      rows.map((r) => r.text),
    );
    await insertRows(
      db,
      'event_organizers',
      rows.flatMap((r) => r.event_organizers),
    );
    const eventTerms = rows.flatMap((r) => r.event_terms);
    await insertRows(db, 'event_terms', eventTerms);
    await insertRows(
      db,
      'event_search',
      rows.flatMap((r) => r.event_search),
    );
    for (const link of eventTerms) touchedTerms.add(link.term_id);
    // Exact counts of the terms this batch touched (counts.ts's rule), as every committed batch leaves them.
    await refreshTermCounts(db, [...touchedTerms], nowUtc);
    await insertRows(
      db,
      'tec_origins',
      batch.map((record) => originRow(context.source, record)),
      ['source', 'kind', 'source_id'],
    );
  });
}
