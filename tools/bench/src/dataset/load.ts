/**
 * Writes the generated calendar into a migrated database: users and the administrator's key through core's
 * own functions, everything else as multi-row inserts in transactions (one per ~10,000 rows), which is
 * what makes a million events load in minutes rather than hours.
 */
import { type CalendarDatabase, createApiKey, createCalendarCore, createUser } from '@calendar-events/core';
import { formatUtc, insertRowsChunked } from '@calendar-events/core/internal';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { ProgressOutput } from '../progress.js';
import { startProgress } from '../progress.js';
import { CalendarGenerator } from './generate.js';
import type { RowSet, Schema, TableName } from './schema.js';
import type { DatasetFacts } from './shape.js';
import { FIRST_NAMES, LAST_NAMES } from './vocabulary.js';

/** Events per transaction: about 10,000 rows with their texts, terms, organizers and search rows. */
const EVENTS_PER_TRANSACTION = 1000;

export const ADMINISTRATOR_LOGIN = 'bench-admin';

export interface LoadedCalendar {
  facts: DatasetFacts;
  administratorKey: string;
}

/**
 * Each table's rows in statements under the databases' limits of bound parameters (core's own chunked insert,
 * whose columns are a list's first row's keys: the generator gives every row of a table the same keys).
 */
async function insertRows(db: Transaction<Schema>, rows: RowSet): Promise<void> {
  for (const [table, list] of Object.entries(rows) as Array<[TableName, Array<Record<string, unknown>>]>) {
    if (list) await insertRowsChunked(db, table, list);
  }
}

async function inTransaction(
  database: CalendarDatabase,
  write: (trx: Transaction<Schema>) => Promise<void>,
): Promise<void> {
  await database.kysely.transaction().execute(async (trx) => {
    // Losing the last load transactions in a crash costs nothing here: the load starts over.
    if (database.traits.name === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
    await write(trx);
  });
}

/** The tables that grow with the number of events. */
const EVENT_TABLES = ['posts', 'post_texts', 'events', 'event_organizers', 'event_terms', 'event_search'];

interface IndexDefinition {
  name: string;
  definition: string;
}

/** What the load sets aside on the event tables, to build once at the end instead of row by row. */
interface Deferred {
  /** Secondary indexes, and on SQLite the triggers that keep the full-text index in step. */
  definitions: Array<IndexDefinition & { kind: 'index' | 'trigger' }>;
  /** SQLite FTS5 tables over event tables, rebuilt from their content table after the load. */
  fullText: string[];
}

/**
 * Drops the secondary indexes of the event tables, to build each once after the load instead of updating
 * it row by row (building once is much cheaper, most of all for the trigram index). Their definitions are read
 * from the database, so they come back exactly as the migrations made them. On SQLite the triggers of those
 * tables go too (SQLite's are per row): those that feed the FTS5 trigram index, rebuilt in one pass at the
 * end (through the trigger, a million search rows cost far more CPU than the rebuild, and would be most
 * of the load's time), and those that keep what the load writes itself (the status copy, the data version) or
 * sets once after it (the bound of event lengths, `deriveAfterLoad`).
 */
async function deferIndexes(database: CalendarDatabase): Promise<Deferred> {
  const db = database.kysely;
  if (database.traits.name === 'postgres') {
    const { rows } =
      await sql<IndexDefinition>`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename in (${sql.join(EVENT_TABLES)})
        and indexname not in (select conname from pg_constraint)`.execute(db);
    for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
    return { definitions: rows.map((row) => ({ ...row, kind: 'index' })), fullText: [] };
  }
  // Indexes without SQL are those of primary keys and unique constraints, which stay.
  const { rows } = await sql<IndexDefinition & { kind: 'index' | 'trigger' }>`select type as kind, name,
      sql as definition from sqlite_master where type in ('index', 'trigger') and sql is not null
      and tbl_name in (${sql.join(EVENT_TABLES)})`.execute(db);
  for (const { kind, name } of rows) await sql`drop ${sql.raw(kind)} ${sql.id(name)}`.execute(db);
  const virtual = await sql<{ name: string; definition: string }>`select name, sql as definition
      from sqlite_master where type = 'table' and sql like 'create virtual table%using fts5%'`.execute(db);
  const fullText = virtual.rows
    .filter(({ definition }) => EVENT_TABLES.includes(/content\s*=\s*'(\w+)'/i.exec(definition)?.[1] ?? ''))
    .map(({ name }) => name);
  return { definitions: rows, fullText };
}

async function restoreIndexes(database: CalendarDatabase, deferred: Deferred): Promise<void> {
  for (const { definition } of deferred.definitions) await sql.raw(definition).execute(database.kysely);
  for (const table of deferred.fullText)
    await sql`insert into ${sql.id(table)}(${sql.id(table)}) values ('rebuild')`.execute(database.kysely);
}

/** The authors events are spread over, as `users add` would create them. */
async function createAuthors(db: Kysely<Schema>, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= 20; n++) {
    const user = await createUser(
      db,
      {
        login: `author-${String(n).padStart(2, '0')}`,
        role: n <= 5 ? 'editor' : 'author',
        displayName: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n * 7) % LAST_NAMES.length]}`,
      },
      now,
    );
    ids.push(user.id);
  }
  return ids;
}

/**
 * What the service keeps beside the rows it writes, derived once from the loaded rows: the searchable text of
 * each venue, organizer and term (as `linked/repository.ts` and `terms/repository.ts` write it), the published
 * events of each term, its series' followers included (`terms/counts.ts`), and on SQLite, whose triggers were
 * set aside during the load, the bound of event lengths.
 */
async function deriveAfterLoad(database: CalendarDatabase, nowUtc: string): Promise<void> {
  const db = database.kysely;
  const sqlite = database.traits.name === 'sqlite';
  // Every text of a record, separated by line breaks (which no search fragment contains).
  const nl = sqlite ? sql`char(10)` : sql`E'\\n'`;
  const joined = (parts: RawBuilder<unknown>[]) =>
    sqlite
      ? sql.join(
          parts.map((p) => sql`coalesce(${p}, '')`),
          sql` || ${nl} || `,
        )
      : sql`concat_ws(${nl}, ${sql.join(parts)})`;
  const aggregate = (expression: RawBuilder<unknown>) =>
    sqlite ? sql`group_concat(${expression}, ${nl})` : sql`string_agg(${expression}, ${nl})`;
  const postTexts = sql`(select ${aggregate(joined([sql`pt.title`, sql`pt.description`, sql`pt.excerpt`]))}
    from post_texts as pt where pt.post_id = p.id)`;
  const linkedFields = {
    venues: ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
    organizers: ['phone', 'email', 'website'],
  } as const;
  for (const [table, fields] of Object.entries(linkedFields)) {
    const details = fields.map((f) => sql.ref(`d.${f}`));
    await sql`insert into linked_post_search (post_id, body)
      select p.id, ${joined([...details, sql`coalesce(${postTexts}, '')`])}
      from posts as p inner join ${sql.table(table)} as d on d.id = p.id`.execute(db);
  }
  await sql`insert into term_search (term_id, body)
    select t.id, ${joined([
      sql`t.slug`,
      sql`coalesce((select ${aggregate(sql`coalesce(tt.name, '')`)} from term_texts as tt where tt.term_id = t.id), '')`,
    ])}
    from terms as t`.execute(db);
  await sql`update terms set event_count = (select count(*) from event_terms as ec
    inner join events as ee on ee.id = ec.event_id or ee.follows_id = ec.event_id
    inner join posts as pc on pc.id = ee.id
    where ec.term_id = terms.id and (pc.status = 'publish' or (pc.status = 'future' and pc.date_utc <= ${nowUtc})))`.execute(
    db,
  );
  if (sqlite) {
    await sql`update event_bounds set max_duration_seconds = max(max_duration_seconds, (select
        coalesce(max(cast(round((julianday(end_utc) - julianday(start_utc)) * 86400) as integer) + 1), 0)
        from events)) where id = 1`.execute(db);
  }
}

/** Loads `events` generated events (and everything they refer to) into an empty database, migrated first. */
export async function loadCalendar(
  database: CalendarDatabase,
  events: number,
  output: ProgressOutput,
  label: string,
  options: { seriesShare?: number } = {},
): Promise<LoadedCalendar> {
  const db = database.kysely;
  await database.migrate();
  const sqlite = database.traits.name === 'sqlite';
  if (sqlite) {
    // A load that fails starts over (the file is removed first), so it need neither wait for the disk nor
    // keep a journal; a larger page cache keeps the tables' last pages and the index sorts in memory.
    await sql`pragma synchronous = off`.execute(db);
    await sql`pragma journal_mode = off`.execute(db);
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`pragma temp_store = memory`.execute(db);
  }
  const now = new Date();
  const administrator = await createUser(
    db,
    { login: ADMINISTRATOR_LOGIN, role: 'administrator', displayName: 'Benchmark Administrator' },
    now,
  );
  const administratorKey = await createApiKey(db, ADMINISTRATOR_LOGIN, 'bench', now);
  const authorIds = await createAuthors(db, now);
  const generator = new CalendarGenerator({
    events,
    now,
    administratorId: administrator.id,
    authorIds,
    seriesShare: options.seriesShare ?? 0,
  });

  await inTransaction(database, (trx) => insertRows(trx, generator.referenceRows()));
  const deferred = await deferIndexes(database);
  const progress = startProgress(output, label, events);
  progress.update(0);
  let loaded = 0;
  while (generator.remainingEvents > 0) {
    const batch = generator.nextEvents(EVENTS_PER_TRANSACTION);
    await inTransaction(database, (trx) => insertRows(trx, batch));
    loaded += batch.events.length;
    progress.update(loaded);
  }

  progress.finish(`${events.toLocaleString('en-US')} events inserted`);

  const finishing = performance.now();
  output.write(`${label}: building indexes, deriving counts and search texts…\n`);
  await restoreIndexes(database, deferred);
  if (sqlite) {
    await sql`pragma journal_mode = wal`.execute(db);
    await sql`pragma cache_size = -16000`.execute(db);
  }
  const postgres = database.traits.name === 'postgres';
  // The series, once all their events are in.
  await inTransaction(database, (trx) =>
    insertRows(trx, { event_series: generator.recurrenceRows().event_series }),
  );
  await deriveAfterLoad(database, formatUtc(now));
  if (postgres) {
    // Ids were given explicitly; the sequences must continue after them for the service's inserts.
    for (const table of ['posts', 'terms', 'images'] as const) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
    // VACUUM as autovacuum would within minutes of the load: besides statistics, it sets the visibility map,
    // without which the list's count cannot be answered from the index alone.
    await sql`vacuum analyze`.execute(db);
  } else {
    // Fold the write-ahead log into the database file, so the server starts on a compact database.
    // (No ANALYZE: the service never runs it, so a real SQLite deployment has no statistics either.)
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  }
  output.write(
    `${label}: indexes and derived rows in ${((performance.now() - finishing) / 1000).toFixed(1)} s\n`,
  );
  return { facts: generator.facts(), administratorKey };
}

/**
 * Removes what a benchmark run added (the events the create scenario made, ids above the generated ones),
 * so that the next run measures the same calendar. They are deleted through the API, trash then purge, as a
 * client would: whatever the service keeps about them (term counts, the search index, the data version)
 * stays exact without the benchmark knowing it.
 *
 * On PostgreSQL the calendar is then vacuumed, as autovacuum would between two runs: it is off on this
 * machine kind's PostgreSQL, and without it every run's writes and removals stayed as dead rows (a day of
 * runs left 16,000 in `pending_version`, which every write transaction visits, 47,000 in `change_log`,
 * 16,000 in `posts`), which the next runs' writes met (RESULTS.md, seventh session).
 */
export async function removeAddedRecords(
  database: CalendarDatabase,
  lastGeneratedPostId: number,
  administratorKey: string,
): Promise<number> {
  const rows = await database.kysely
    .selectFrom('posts')
    .leftJoin('events', 'events.id', 'posts.id')
    .select(['posts.id', 'posts.type', 'events.series_id'])
    .where('posts.id', '>', lastGeneratedPostId)
    .orderBy('posts.id')
    .execute();
  if (rows.length === 0) {
    await vacuumPostgres(database);
    return 0;
  }
  // The occurrences of a series created by the run go with their series (deleting the series deletes them;
  // deleting one on its own would add an EXDATE to it first).
  const added = rows.filter((row) => row.series_id === null || row.series_id <= lastGeneratedPostId);
  const core = createCalendarCore({ database });
  const remove = async (path: string) => {
    const response = await core.handle({
      method: 'DELETE',
      url: `/calendar/events/v1${path}`,
      mountPath: '',
      headers: { host: 'bench.invalid', authorization: `Bearer ${administratorKey}` },
    });
    if (response.status !== 200)
      throw new Error(`DELETE ${path} answered ${response.status}: ${response.body}`);
  };
  const plural = { event: 'events', venue: 'venues', organizer: 'organizers' } as const;
  for (const { id, type } of added) {
    await remove(`/${plural[type]}/${id}`);
    await remove(`/${plural[type]}/${id}?force=true`);
  }
  await vacuumPostgres(database);
  return rows.length;
}

/** What autovacuum would have done by now (see `removeAddedRecords`); nothing on SQLite. */
async function vacuumPostgres(database: CalendarDatabase): Promise<void> {
  if (database.traits.name === 'postgres') await sql`vacuum`.execute(database.kysely);
}
