import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL: the data version pushed to every instance of the service as it moves (cache/pushed-version.ts).
 *
 * - Every commit that moves the version notifies the channel `calendar_data_version` with its schema and the
 *   new version (`<schema> <version>`): PostgreSQL delivers notifications once the transaction committed, in
 *   commit order, to every connection listening on the database (the schema tells one calendar's from
 *   another's). Another program's writes move the version through the same function, so they notify too.
 * - `version_listeners` names the instances that answer from the version pushed to them: a writer waits until
 *   each has acknowledged its write (or has been fenced off and its lease ran out) before it answers. A lease
 *   lives `expires` long unless renewed; `fenced` refuses its renewal; `backend_pid` is the listening
 *   connection's backend (`pg_stat_activity`), for the operator. Unlogged: it holds no data, and after a
 *   crash every listener's connection is gone with it.
 *
 * SQLite: nothing (one process writes, and reads its version in process). Frozen SQL, as the baseline is.
 */
const POSTGRES = [
  `create function calendar_notify_data_version() returns trigger language plpgsql as $$
      begin
        perform pg_notify('calendar_data_version', tg_table_schema || ' ' || new.version);
        return null;
      end $$`,
  `create trigger data_version_notifies after insert or update of version on data_version
    for each row execute function calendar_notify_data_version()`,
  `create unlogged table version_listeners (
      holder text primary key,
      expires timestamptz not null,
      fenced boolean not null default false,
      backend_pid integer not null default pg_backend_pid()
    )`,
];

export function pushedVersion(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') return;
      for (const statement of POSTGRES) await sql.raw(statement).execute(db);
    },
  };
}
