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
 * it before (on SQLite, for the service's transactions; see below). `is_public`: whether anyone may read it after (published, without a password; terms always),
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
const POST_ACTION = `(case when new.status = 'trash' and old.status <> 'trash' then 'trashed'
  when old.status = 'trash' and new.status <> 'trash' then 'restored' else 'updated' end)`;

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
          was: of(PUBLIC('o')),
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
      begin ${post('new', POST_ACTION, PUBLIC('old'), PUBLIC('new'))} end`,
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

function postgresStatements(): string[] {
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql
    set search_path from current as $$ ${body} $$`;
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
    `create function calendar_log_change(p_type text, p_id integer, p_action text, p_series integer,
        p_author integer, p_was integer, p_is integer) returns void language plpgsql
      set search_path from current as $$
      declare
        v bigint;
      begin
        update data_version set version = version + 1
          where id = 1 and xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
        select version into v from data_version where id = 1;
        insert into change_log as c (version, type, record_id, action, series_id, author_id, was_public,
            is_public, changed_utc)
          values (v, p_type, p_id, p_action, p_series, p_author, p_was, p_is,
            to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
          on conflict (version, type, record_id) do update set
            action = case when excluded.action = 'deleted' or c.action = 'deleted' then 'deleted'
              when c.action = 'created' then 'created' when excluded.action = 'updated' then c.action
              else excluded.action end,
            series_id = coalesce(excluded.series_id, c.series_id),
            author_id = coalesce(excluded.author_id, c.author_id),
            is_public = excluded.is_public;
      end $$`,
    fn(
      'calendar_log_post_change',
      `begin
        if tg_op = 'DELETE' then
          perform calendar_log_change(old.type, old.id, 'deleted',
            (select series_id from events where id = old.id), old.author_id, ${PUBLIC('old')}, 0);
          return old;
        elsif tg_op = 'INSERT' then
          perform calendar_log_change(new.type, new.id, 'created', null, new.author_id, 0, ${PUBLIC('new')});
        else
          perform calendar_log_change(new.type, new.id, ${POST_ACTION}, null, new.author_id, ${PUBLIC('old')},
            ${PUBLIC('new')});
        end if;
        return new;
      end`,
    ),
    // The tables that hold a post's parts: tg_argv[0] names the column of the post's id.
    fn(
      'calendar_log_post_part_change',
      `declare
        part jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
        o record;
      begin
        select id, type, author_id, ${PUBLIC('posts')} as public into o from posts
          where id = (part ->> tg_argv[0])::integer;
        if found then
          perform calendar_log_change(o.type, o.id, 'updated', (part ->> 'series_id')::integer, o.author_id,
            o.public, o.public);
        end if;
        return null;
      end`,
    ),
    fn(
      'calendar_log_term_change',
      `begin
        if tg_op = 'DELETE' then
          perform calendar_log_change(old.taxonomy, old.id, 'deleted', null, null, 1, 0);
          return old;
        elsif tg_op = 'INSERT' then
          perform calendar_log_change(new.taxonomy, new.id, 'created', null, null, 0, 1);
        else
          perform calendar_log_change(new.taxonomy, new.id, 'updated', null, null, 1, 1);
        end if;
        return new;
      end`,
    ),
    fn(
      'calendar_log_term_text_change',
      `declare
        t record;
      begin
        select id, taxonomy into t from terms where id = new.term_id;
        if found then perform calendar_log_change(t.taxonomy, t.id, 'updated', null, null, 1, 1); end if;
        return null;
      end`,
    ),
    `create trigger posts_logs_change after insert or update on posts
      for each row execute function calendar_log_post_change()`,
    `create trigger posts_delete_logs_change before delete on posts
      for each row execute function calendar_log_post_change()`,
    ...(
      [
        ['post_texts', 'post_id', 'insert or update'],
        ['events', 'id', 'insert or update'],
        ['venues', 'id', 'update'],
        ['organizers', 'id', 'update'],
        ['event_terms', 'event_id', 'insert or delete'],
        ['event_organizers', 'event_id', 'insert or delete'],
      ] as const
    ).map(
      ([table, column, events]) => `create trigger ${table}_logs_change after ${events} on ${table}
        for each row execute function calendar_log_post_part_change('${column}')`,
    ),
    `create trigger terms_logs_change after insert or update on terms
      for each row execute function calendar_log_term_change()`,
    `create trigger terms_delete_logs_change before delete on terms
      for each row execute function calendar_log_term_change()`,
    `create trigger term_texts_logs_change after insert or update on term_texts
      for each row execute function calendar_log_term_text_change()`,
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
