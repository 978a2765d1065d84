import { type Kysely, sql } from 'kysely';

/**
 * The change log: what each write transaction changed, per record (type `event`, `venue`, `organizer`,
 * `category`, `tag`; action `created`, `updated`, `trashed`, `restored`, `deleted`), at the data version it
 * committed, so that a reader who pages it in (version, id) order never skips a change that commits late.
 *
 * Triggers write it, for the service and for other programs alike, in the writing transaction: on the posts
 * and terms and on the tables that hold their parts (texts, event fields, links). A record touched several
 * times in one transaction keeps one row, whose action says what the transaction did to it as a whole
 * (created wins over updated, deleted over everything) and whose `was_public` says whether anyone could read
 * it before (on SQLite, for the service's transactions; see below): -1 while only a part of the record was
 * written (its texts, fields, links), whose trigger cannot know, as the post may have changed before in the
 * same statement; a reader then takes `is_public`. `is_public`: whether anyone may read it after (published, without a password; terms always),
 * so that a reader sees a record leave its view as a deletion and the changes to what it never could read
 * not at all; `author_id` for the authors, who read their own.
 *
 * - PostgreSQL: a transaction's rows all carry its version, which the first of them bumps (as the statement
 *   triggers do, once per transaction) and whose row lock orders writers; one row per record and version,
 *   merged as it is written.
 * - SQLite bumps the version on every row written (one writer at a time: the order is the commit order), and
 *   its triggers bump it before they log, so that a change always comes after the position "now" read before
 *   it. They log a row per row written; the service merges its write's rows per record before it commits
 *   (`db/change-log.ts`), from `data_version.change_mark`, the version its write began at. Another program's
 *   transaction may leave several rows for one record, each with what it did: more to read, nothing missed.
 * - `change_log_pruned`: the position of the last row the retention removed; a token before it has missed
 *   changes.
 *
 * Frozen SQL per database, as the baseline is.
 */

type Dialect = 'sqlite' | 'postgres';

const PUBLIC = (row: string) =>
  `(case when ${row}.status = 'publish' and ${row}.password = '' then 1 else 0 end)`;
const POST_ACTION = (
  n = 'new',
  o = 'old',
) => `(case when ${n}.status = 'trash' and ${o}.status <> 'trash' then 'trashed'
  when ${o}.status = 'trash' and ${n}.status <> 'trash' then 'restored' else 'updated' end)`;

interface Logged {
  type: string;
  id: string;
  action: string;
  series: string;
  author: string;
  was: string;
  is: string;
}

/** SQLite: one change, after a bump of the version (see above). */
function sqliteLog(c: Logged): string {
  return `update data_version set version = version + 1 where id = 1;
    insert into change_log (version, type, record_id, action, series_id, author_id, was_public, is_public, changed_utc)
      values ((select version from data_version where id = 1), ${c.type}, ${c.id}, ${c.action}, ${c.series},
        ${c.author}, ${c.was}, ${c.is}, strftime('%Y-%m-%d %H:%M:%S', 'now'));`;
}

function sqliteStatements(): string[] {
  const post = (row: string, action: string, was: string, is: string, series = 'null') =>
    sqliteLog({ type: `${row}.type`, id: `${row}.id`, action, series, author: `${row}.author_id`, was, is });
  const part = (table: string, column: string, events: string[], series = 'null') =>
    events.map((event) => {
      const row = event === 'delete' ? 'old' : 'new';
      const of = (what: string) => `(select ${what} from posts as o where o.id = ${row}.${column})`;
      return `create trigger "${table}_${event}_logs_change" after ${event} on "${table}"
        when exists (select 1 from posts where id = ${row}.${column})
        begin ${sqliteLog({
          type: of('o.type'),
          id: `${row}.${column}`,
          action: `'updated'`,
          series: series.replace('ROW', row),
          author: of('o.author_id'),
          was: '-1',
          is: of(PUBLIC('o')),
        })} end`;
    });
  const term = (row: string, action: string, was: string, is: string) =>
    sqliteLog({ type: `${row}.taxonomy`, id: `${row}.id`, action, series: 'null', author: 'null', was, is });
  return [
    `alter table "data_version" add column "change_mark" integer default 0 not null`,
    `create table "change_log" ("id" integer primary key autoincrement, "version" integer not null,
      "type" text not null, "record_id" integer not null, "action" text not null, "series_id" integer,
      "author_id" integer, "was_public" integer not null, "is_public" integer not null, "changed_utc" text not null)`,
    `create index "change_log_order" on "change_log" ("version", "id")`,
    `create index "change_log_public" on "change_log" ("version", "id") where was_public = 1 or is_public = 1`,
    `create table "change_log_pruned" ("id" integer primary key, "version" integer not null, "change_id" integer not null)`,
    `insert into "change_log_pruned" ("id", "version", "change_id") values (1, 0, 0)`,
    `create trigger "posts_insert_logs_change" after insert on "posts"
      begin ${post('new', `'created'`, '0', PUBLIC('new'))} end`,
    `create trigger "posts_update_logs_change" after update on "posts"
      begin ${post('new', POST_ACTION(), PUBLIC('old'), PUBLIC('new'))} end`,
    `create trigger "posts_delete_logs_change" before delete on "posts"
      begin ${post('old', `'deleted'`, PUBLIC('old'), '0', '(select series_id from events where id = old.id)')} end`,
    ...part('post_texts', 'post_id', ['insert', 'update']),
    ...part('events', 'id', ['insert', 'update'], 'ROW.series_id'),
    ...part('venues', 'id', ['update']),
    ...part('organizers', 'id', ['update']),
    ...part('event_terms', 'event_id', ['insert', 'delete']),
    ...part('event_organizers', 'event_id', ['insert', 'delete']),
    `create trigger "terms_insert_logs_change" after insert on "terms"
      begin ${term('new', `'created'`, '0', '1')} end`,
    `create trigger "terms_update_logs_change" after update on "terms"
      begin ${term('new', `'updated'`, '1', '1')} end`,
    `create trigger "terms_delete_logs_change" before delete on "terms"
      begin ${term('old', `'deleted'`, '1', '0')} end`,
    ...['insert', 'update'].map(
      (event) => `create trigger "term_texts_${event}_logs_change" after ${event} on "term_texts"
        when exists (select 1 from terms where id = new.term_id)
        begin ${sqliteLog({
          type: '(select taxonomy from terms where id = new.term_id)',
          id: 'new.term_id',
          action: `'updated'`,
          series: 'null',
          author: 'null',
          was: '1',
          is: '1',
        })} end`,
    ),
  ];
}

/** PostgreSQL: merges a change into the transaction's row of the record, writing only what it changes. */
const PG_MERGE = (() => {
  const action = `case when excluded.action = 'deleted' or c.action = 'deleted' then 'deleted'
    when c.action = 'created' then 'created' when excluded.action = 'updated' then c.action
    else excluded.action end`;
  const merged = [
    action,
    'coalesce(excluded.series_id, c.series_id)',
    'coalesce(excluded.author_id, c.author_id)',
  ];
  const was = 'case when c.was_public = -1 then excluded.was_public else c.was_public end';
  return `on conflict (version, type, record_id) do update set action = ${merged[0]}, series_id = ${merged[1]},
      author_id = ${merged[2]}, is_public = excluded.is_public, was_public = ${was}
    where (${merged.join(', ')}, excluded.is_public, ${was})
      is distinct from (c.action, c.series_id, c.author_id, c.is_public, c.was_public)`;
})();

/** PostgreSQL: logs the rows `source` selects (type, record_id, action, series_id, author_id, was, is). */
const pgLog = (source: string) => `insert into change_log as c (version, type, record_id, action, series_id,
      author_id, was_public, is_public, changed_utc)
    select (select calendar_change_version()), s.*, to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')
    from (${source}) as s
    ${PG_MERGE};`;

function postgresStatements(): string[] {
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql
    set search_path from current as $$ begin ${body} return null; end $$`;
  /** A statement trigger over the rows it wrote (`rows`), run once per statement, not per row. */
  const onStatement = (table: string, event: string, name: string, rows: string, body: string) => [
    fn(`calendar_log_${name}`, body),
    `create trigger ${table}_${event}_logs_change after ${event} on ${table}
      referencing ${event === 'delete' ? 'old' : 'new'} table as ${rows}
      for each statement execute function calendar_log_${name}()`,
  ];
  /**
   * The posts whose parts `rows` holds (`column`: the post's id): each updated. Each post looked up by its id
   * (a lateral join): the planner knows nothing of a transition table's size and would scan the posts. A
   * post whose row of this transaction already says it all (its texts written just after it) is left alone:
   * no upsert, no lock of that row.
   */
  const parts = (table: string, column: string, events: string[], series = 'null::integer') =>
    events.flatMap((event) =>
      onStatement(
        table,
        event,
        `${table}_${event}`,
        'touched',
        pgLog(`select p.type, p.id, 'updated', t.series_id, p.author_id, -1, ${PUBLIC('p')}
          from (select touched.${column} as id, ${series} as series_id from touched group by touched.${column}) as t
          cross join lateral (select * from posts where posts.id = t.id) as p
          where not exists (select 1 from change_log as c where c.version = (select calendar_change_version())
            and c.type = p.type and c.record_id = p.id and c.is_public = ${PUBLIC('p')}
            and c.author_id is not distinct from p.author_id
            and (t.series_id is null or c.series_id = t.series_id))`),
      ),
    );
  return [
    `alter table data_version add column change_mark bigint default 0 not null`,
    `create table change_log (id bigint generated always as identity, version bigint not null, type text not null,
      record_id integer not null, action text not null, series_id integer, author_id integer,
      was_public integer not null, is_public integer not null, changed_utc text not null,
      constraint change_log_pkey primary key (version, id),
      constraint change_log_record unique (version, type, record_id))`,
    `create index change_log_public on change_log (version, id) where was_public = 1 or is_public = 1`,
    `create table change_log_pruned (id integer primary key, version bigint not null, change_id bigint not null)`,
    `insert into change_log_pruned (id, version, change_id) values (1, 0, 0)`,
    // The transaction's version, bumped by its first change as the data-version triggers bump it.
    `create function calendar_change_version() returns bigint language plpgsql set search_path from current as $$
      begin
        update data_version set version = version + 1
          where id = 1 and xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
        return (select version from data_version where id = 1);
      end $$`,
    ...onStatement(
      'posts',
      'insert',
      'new_posts',
      'added',
      pgLog(`select a.type, a.id, 'created', null::integer, a.author_id, 0, ${PUBLIC('a')} from added as a`),
    ),
    fn(
      'calendar_log_changed_posts',
      pgLog(`select n.type, n.id, ${POST_ACTION('n', 'o')}, null::integer, n.author_id, ${PUBLIC('o')},
          ${PUBLIC('n')}
        from changed as n join previous as o on o.id = n.id`),
    ),
    `create trigger posts_update_logs_change after update on posts
      referencing new table as changed old table as previous
      for each statement execute function calendar_log_changed_posts()`,
    // Row by row, before: the series of a deleted occurrence is still there to read.
    `create function calendar_log_deleted_post() returns trigger language plpgsql
      set search_path from current as $$ begin
        ${pgLog(`select old.type, old.id, 'deleted', (select e.series_id from events as e where e.id = old.id),
          old.author_id, ${PUBLIC('old')}, 0`)}
        return old;
      end $$`,
    `create trigger posts_delete_logs_change before delete on posts
      for each row execute function calendar_log_deleted_post()`,
    ...parts('post_texts', 'post_id', ['insert', 'update']),
    ...parts('events', 'id', ['insert', 'update'], 'max(touched.series_id)'),
    ...parts('venues', 'id', ['update']),
    ...parts('organizers', 'id', ['update']),
    ...parts('event_terms', 'event_id', ['insert', 'delete']),
    ...parts('event_organizers', 'event_id', ['insert', 'delete']),
    ...onStatement(
      'terms',
      'insert',
      'new_terms',
      'added',
      pgLog(`select a.taxonomy, a.id, 'created', null::integer, null::integer, 0, 1 from added as a`),
    ),
    ...onStatement(
      'terms',
      'update',
      'changed_terms',
      'changed',
      pgLog(`select n.taxonomy, n.id, 'updated', null::integer, null::integer, 1, 1 from changed as n`),
    ),
    ...onStatement(
      'terms',
      'delete',
      'deleted_terms',
      'removed',
      pgLog(`select r.taxonomy, r.id, 'deleted', null::integer, null::integer, 1, 0 from removed as r`),
    ),
    ...['insert', 'update'].flatMap((event) =>
      onStatement(
        'term_texts',
        event,
        `term_texts_${event}`,
        'touched',
        pgLog(`select t.taxonomy, t.id, 'updated', null::integer, null::integer, 1, 1
          from (select distinct touched.term_id as id from touched) as w
          cross join lateral (select * from terms where terms.id = w.id) as t`),
      ),
    ),
  ];
}

export function changeLog(dialect: Dialect) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      const statements = dialect === 'postgres' ? postgresStatements() : sqliteStatements();
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
