import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL: a write transaction takes its data version when it commits, no longer at its first change.
 *
 * The version row's lock orders writers, so that versions are handed out in commit order (what the caches and
 * the change log's readers rely on: a change never commits under a version older than one already seen). Taken
 * at a transaction's first change and held to its commit, it queued every writer behind the whole of the one
 * before. Now a transaction's first change only says that it will need a version (a row of `pending_version`,
 * its transaction id), and its changes are logged under a stand-in version of its own (minus that id: no other
 * transaction's, never a real one); a deferred constraint trigger on that row runs as the transaction commits,
 * takes the lock, bumps the version and moves the transaction's log rows to it. The lock is then held only
 * while the commit itself runs. Another program's writes go through the same triggers and get the same.
 *
 * Whether a post is public and whose it is are read again at that moment: a part of a post (its texts) logged
 * while another transaction was publishing the post read the post as it was before; under the lock, every
 * transaction that committed before is seen, so the row says what a reader may see at its version.
 *
 * What the global lock also did, serialize every write's checks, is done per record (`for update` of the
 * record a write changes, `for share` of the records it links to, a transaction-scoped lock per slug it
 * looks at), and the service retries a transaction that deadlocks or loses a race on a unique key.
 *
 * `calendar.pending_version` (a setting local to the transaction) remembers that the row was written, so that
 * each later change costs no lookup. A savepoint rolled back forgets both together.
 *
 * SQLite has one writer at a time: nothing changes there. Frozen SQL, as the baseline is.
 */
const POSTGRES = [
  `create unlogged table pending_version (txid bigint primary key)`,
  `create function calendar_pending_version() returns bigint language plpgsql
    set search_path from current as $$
      declare
        t bigint := pg_current_xact_id()::text::bigint;
      begin
        if current_setting('calendar.pending_version', true) is distinct from t::text then
          insert into pending_version (txid) values (t) on conflict do nothing;
          perform set_config('calendar.pending_version', t::text, true);
        end if;
        return -t;
      end $$`,
  `create function calendar_commit_version() returns trigger language plpgsql
    set search_path from current as $$
      declare
        committed bigint;
      begin
        update data_version set version = version + 1 where id = 1 returning version into committed;
        if committed is null then
          insert into data_version (id, version) values (1, 1);
          committed := 1;
        end if;
        update change_log as c set version = committed,
            is_public = coalesce(p.is_public, c.is_public), author_id = coalesce(p.author_id, c.author_id)
          from change_log as l
          left join lateral (select case when posts.status = 'publish' and posts.password = '' then 1 else 0 end
              as is_public, posts.author_id from posts
            where posts.id = l.record_id and l.type in ('event', 'venue', 'organizer')) as p on true
          where l.version = -new.txid and c.id = l.id and c.version = l.version;
        delete from pending_version where txid = new.txid;
        return null;
      end $$`,
  `create constraint trigger pending_version_commits after insert on pending_version
    deferrable initially deferred for each row execute function calendar_commit_version()`,
  `create or replace function calendar_change_version() returns bigint language plpgsql
    set search_path from current as $$ begin return calendar_pending_version(); end $$`,
  `create or replace function calendar_bump_data_version() returns trigger language plpgsql
    set search_path from current as $$ begin perform calendar_pending_version(); return null; end $$`,
];

export function versionAtCommit(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') return;
      for (const statement of POSTGRES) await sql.raw(statement).execute(db);
    },
  };
}
