/**
 * How the service's write transactions travel to PostgreSQL (the statements are the same; the round trips and
 * the planning fewer):
 *
 * - A service write (`serviceWrite`, db/change-log.ts) begins as `start transaction read write` and says in
 *   the same message that it takes its data version at commit (`calendar_pending_version()`, migration
 *   0028): one round trip where there were two. Kysely names no other kind of transaction; the driver
 *   below recognises the access mode.
 * - Inside a service write, every statement with parameters is a named (prepared) statement of its
 *   connection: a write repeats the same few dozen statements, and PostgreSQL planned each one anew, the
 *   largest share of its CPU per create after the round trips themselves. After five runs PostgreSQL may keep
 *   a generic plan, which for these (by id, by key) is the plan. Reads outside writes stay unnamed: a list's
 *   or a search's best plan depends on its filters' values. A statement with `*` is never named, since a
 *   column added by another instance's migration would change its result type, which a prepared statement
 *   refuses; nor one longer than `MAX_NAMED_TEXT` (a bulk insert's text is rarely seen twice).
 * - A read marked `byKey` (`by-key.ts`: by primary or unique key, one plan whatever its values) is named
 *   wherever it runs: the API key look-up of every request and the records of an answer by id were planned
 *   anew at each request.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  PostgresDriver,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { BY_KEY } from './by-key.js';
import { PostgresIdDialect } from './postgres-introspector.js';

/** The message that begins a service write (see above). */
export const SERVICE_WRITE_BEGIN = 'start transaction read write; select calendar_pending_version()';
const BEGIN = CompiledQuery.raw(SERVICE_WRITE_BEGIN);

/** Whether a message ends the transaction it runs in. */
export function endsTransaction(text: string): boolean {
  return text === 'commit' || text === 'rollback' || text.endsWith('; commit');
}

/** Named statements kept per connection at most: beyond, statements run unnamed (as before). */
export const MAX_NAMED_STATEMENTS = 500;
/** Longer statement texts are not named. */
export const MAX_NAMED_TEXT = 4000;

/** Kysely's driver, beginning a `read write` transaction as a service write (see above). */
export class ServiceWriteDriver extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    if (settings.accessMode === 'read write' && settings.isolationLevel === undefined) {
      await connection.executeQuery(BEGIN);
      return;
    }
    await super.beginTransaction(connection, settings);
  }
}

/** The service's PostgreSQL dialect: the introspector of `postgres-introspector.ts`, the driver above. */
export class CalendarPostgresDialect extends PostgresIdDialect {
  readonly #config: PostgresDialectConfig;

  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ServiceWriteDriver(this.#config);
  }
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes the statements a client runs inside a service write named (see above). Called once per connection,
 * as the pool makes it; the names live as long as the connection (`DEALLOCATE` is never needed).
 */
export function nameServiceWriteStatements(client: pg.ClientBase): void {
  const names = new Map<string, string>();
  let inServiceWrite = false;
  const query = client.query.bind(client) as Query;
  const named: Query = (text, values, callback) => {
    if (typeof text === 'string') {
      if (text === SERVICE_WRITE_BEGIN) inServiceWrite = true;
      else if (endsTransaction(text)) inServiceWrite = false;
      else if ((inServiceWrite || text.endsWith(BY_KEY)) && Array.isArray(values) && values.length > 0) {
        const name = nameOf(names, text);
        if (name !== undefined) return query({ name, text, values }, callback);
      }
    }
    return query(text, values, callback);
  };
  (client as unknown as { query: Query }).query = named;
}

function nameOf(names: Map<string, string>, text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  const selected = text.endsWith(BY_KEY) ? text.slice(0, -BY_KEY.length) : text;
  if (names.size >= MAX_NAMED_STATEMENTS || text.length > MAX_NAMED_TEXT || selected.includes('*'))
    return undefined;
  const name = `calendar_write_${names.size}`;
  names.set(text, name);
  return name;
}
