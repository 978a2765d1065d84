import Database from 'better-sqlite3';
import { Kysely, SqliteAdapter, type SqliteDatabase, SqliteDialect } from 'kysely';
import { syncVersionRead } from './data-version.js';
import { type CalendarDatabase, observe, type QueryObserver, wrapDatabase } from './database.js';
import type { Database as Schema } from './schema.js';
import { startSqliteCheckpointer } from './sqlite-checkpointer.js';
import { sqliteTraits } from './traits.js';

/**
 * Opens an SQLite database: a file in WAL mode, or `:memory:`. Foreign keys are per connection in SQLite,
 * so they are switched on here.
 *
 * A file's WAL is checkpointed by a worker thread (sqlite-checkpointer.ts), not by the commits.
 * `backgroundCheckpoints: false` leaves it to the safety net alone; `{ intervalMs }` sets how often the
 * worker looks for commits (150 ms).
 *
 * `file` may also be the bytes of a database (a file's content, or better-sqlite3's `serialize()`): it opens
 * as an in-memory copy of them, as `:memory:` would open an empty one.
 */
export function createSqliteDatabase(
  file: string | Buffer = ':memory:',
  options: { onQuery?: QueryObserver; backgroundCheckpoints?: false | { intervalMs?: number } } = {},
): CalendarDatabase {
  const database = new Database(file);
  const inFile = typeof file === 'string' && file !== ':memory:' && file !== '' ? file : undefined;
  if (inFile) {
    database.pragma('journal_mode = WAL');
    // A safety net, 10000 pages (~40 MB at 4 KiB): the worker below checkpoints long before, so no commit
    // runs a checkpoint, unless the worker could not start, died or falls far behind.
    database.pragma('wal_autocheckpoint = 10000');
  }
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  // SQLite's lower() folds ASCII only; this folds every script, as PostgreSQL's lower() does (SPEC §9: case-
  // insensitive name order and matching must agree on both databases).
  database.function('fold_case', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  // The order key of names: lower case without accents, then the text itself to break ties stably.
  database.function('sort_key', { deterministic: true }, (text: unknown) =>
    typeof text === 'string'
      ? `${text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}\u0000${text}`
      : text,
  );
  const log = observe(options.onQuery);
  // The synchronous version read (data-version.ts); every statement that may write forgets its kept read.
  const dataVersion = syncVersionRead(database, options.onQuery);
  const kysely = new Kysely<Schema>({
    dialect: new TransactionalDdlSqliteDialect({
      database: withStatementCache(database, dataVersion.forget),
    }),
    ...(log ? { log } : {}),
  });
  const wrapped = wrapDatabase(kysely, sqliteTraits, { dataVersionNow: dataVersion.read });
  if (inFile === undefined || options.backgroundCheckpoints === false) return wrapped;
  const checkpointer = startSqliteCheckpointer(inFile, options.backgroundCheckpoints ?? {});
  return {
    ...wrapped,
    async destroy() {
      // The worker's connection closes first, so that the main connection is the last one, which SQLite has
      // checkpoint the WAL and delete it when it closes. Nothing is lost either way: commits are durable.
      await checkpointer.stop();
      await wrapped.destroy();
    },
  };
}

/**
 * SQLite's DDL is transactional, but Kysely's adapter says it is not, and its Migrator then runs the
 * migrations statement by statement: a kill during the first start left half a schema that never started
 * again (`table "users" already exists`). Saying so makes the Migrator run the pending migrations and their
 * bookkeeping in one transaction, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * What Kysely's SQLite dialect uses of the database (`prepare`, `close`), with prepared statements reused by
 * their SQL text: Kysely prepares every query anew, and parsing the SQL is a good share of a read's cost.
 * Kysely runs one statement at a time on the single connection, so reusing a statement object is safe. A
 * plain object rather than a Proxy of the database: a Proxy's `get` trap and `bind` would run for every call.
 * `onChange` hears of every statement other than a `select`.
 */
function withStatementCache(database: Database.Database, onChange: () => void): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql: string) {
      // Whatever is not a read may change the data (or begins what will).
      if (!sql.startsWith('select')) onChange();
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so that the first is the one to forget.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        // Lists of ids give a statement per length: keep the recently used ones, not all ever seen.
        if (statements.size >= 500) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      database.close();
    },
  };
}
