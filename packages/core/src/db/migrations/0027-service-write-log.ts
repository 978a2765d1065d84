import { type Kysely, sql } from 'kysely';

/**
 * SQLite: the service's write transactions log each record once, as they write, and bump the data version
 * once. Before, every row written bumped the version twice (its table's trigger and the change log's) and
 * logged a row, which the service then merged per record before committing: most of a write's statements
 * were the log's.
 *
 * `data_version.change_mark` equals `version` while a write of the service is open (`serviceWrite` bumps the
 * version and sets the mark to it first, and sets the mark to -1 last, in the same transaction); anywhere
 * else the two differ. So the triggers tell the service's writes, which bumped the version already, from
 * another program's, which they bump for as before (one writer at a time: the order is the commit order):
 *
 * - the data-version triggers bump only outside the service's writes;
 * - the change log's bump likewise, and log by upsert on (version, type, record_id): within a write of the
 *   service a record's changes merge into one row as they are written, as PostgreSQL's triggers merge them
 *   (migration 0023: deleted over everything, created over the rest, trashed or restored over updated;
 *   `was_public` from the first change that knows, `is_public` from the last); outside it each row has a
 *   version of its own, as before.
 *
 * PostgreSQL's triggers are unchanged: they bump once per transaction and merge already. On both, an index
 * of the unpublished records' changes by author (below).
 *
 * Frozen SQL, as the baseline is.
 */

const PUBLIC = (row: string) =>
  `(case when ${row}.status = 'publish' and ${row}.password = '' then 1 else 0 end)`;
const POST_ACTION = `(case when new.status = 'trash' and old.status <> 'trash' then 'trashed'
  when old.status = 'trash' and new.status <> 'trash' then 'restored' else 'updated' end)`;
const OUTSIDE_SERVICE_WRITE = '(select change_mark <> version from data_version where id = 1)';
const BUMP_OUTSIDE = 'update data_version set version = version + 1 where id = 1 and change_mark <> version;';
const MERGE = `on conflict (version, type, record_id) do update set
    action = case when excluded.action = 'deleted' or c.action = 'deleted' then 'deleted'
      when c.action = 'created' then 'created' when excluded.action = 'updated' then c.action
      else excluded.action end,
    series_id = coalesce(excluded.series_id, c.series_id),
    author_id = coalesce(excluded.author_id, c.author_id),
    is_public = excluded.is_public,
    was_public = case when c.was_public = -1 then excluded.was_public else c.was_public end
  where (case when excluded.action = 'deleted' or c.action = 'deleted' then 'deleted'
      when c.action = 'created' then 'created' when excluded.action = 'updated' then c.action
      else excluded.action end, coalesce(excluded.series_id, c.series_id),
      coalesce(excluded.author_id, c.author_id), excluded.is_public,
      case when c.was_public = -1 then excluded.was_public else c.was_public end)
    is not (c.action, c.series_id, c.author_id, c.is_public, c.was_public)`;
const COLUMNS = 'version, type, record_id, action, series_id, author_id, was_public, is_public, changed_utc';
const VERSION = '(select version from data_version where id = 1)';
const NOW = `strftime('%Y-%m-%d %H:%M:%S', 'now')`;

/** Logs one change (`values`: type, record, action, series, author, was, is), after a bump outside the service. */
const logValues = (values: string[]) => `${BUMP_OUTSIDE}
  insert into change_log as c (${COLUMNS}) values (${VERSION}, ${values.join(', ')}, ${NOW}) ${MERGE};`;

/** Logs the change of a part of post `id` (a row of `table`), read from the post itself in one lookup. */
const logPart = (id: string, series: string) => `${BUMP_OUTSIDE}
  insert into change_log as c (${COLUMNS})
    select ${VERSION}, o.type, o.id, 'updated', ${series}, o.author_id, -1, ${PUBLIC('o')}, ${NOW}
    from posts as o where o.id = ${id} ${MERGE};`;

const BUMPING_TABLES = [
  'posts',
  'post_texts',
  'events',
  'venues',
  'organizers',
  'event_organizers',
  'terms',
  'term_texts',
  'event_terms',
  'images',
  'users',
  'event_series',
  'event_ical',
  'tec_origins',
  'event_ical_exceptions',
];
const EVENTS = ['insert', 'update', 'delete'];

function sqliteStatements(): string[] {
  const bumps = BUMPING_TABLES.flatMap((table) =>
    EVENTS.flatMap((event) => [
      `drop trigger "${table}_${event}_bumps_data_version"`,
      `create trigger "${table}_${event}_bumps_data_version" after ${event} on "${table}"
        when ${OUTSIDE_SERVICE_WRITE}
        begin update data_version set version = version + 1 where id = 1; end`,
    ]),
  );
  const post = (name: string, timing: string, values: string[]) => [
    `drop trigger "${name}"`,
    `create trigger "${name}" ${timing} on "posts" begin ${logValues(values)} end`,
  ];
  const part = (table: string, column: string, events: string[], series = 'null') =>
    events.flatMap((event) => {
      const row = event === 'delete' ? 'old' : 'new';
      const name = `${table}_${event}_logs_change`;
      return [
        `drop trigger "${name}"`,
        `create trigger "${name}" after ${event} on "${table}"
          when exists (select 1 from posts where id = ${row}.${column})
          begin ${logPart(`${row}.${column}`, series.replace('ROW', row))} end`,
      ];
    });
  const term = (event: string, timing: string, row: string, action: string, was: string, is: string) => [
    `drop trigger "terms_${event}_logs_change"`,
    `create trigger "terms_${event}_logs_change" ${timing} ${event} on "terms"
      begin ${logValues([`${row}.taxonomy`, `${row}.id`, action, 'null', 'null', was, is])} end`,
  ];
  return [
    `update data_version set change_mark = -1 where id = 1`,
    // Rows of one version and record were merged already (by the service) or are of one row each.
    `delete from change_log where id not in (select max(id) from change_log group by version, type, record_id)`,
    `create unique index "change_log_record" on "change_log" ("version", "type", "record_id")`,
    ...bumps,
    ...post('posts_insert_logs_change', 'after insert', [
      'new.type',
      'new.id',
      `'created'`,
      'null',
      'new.author_id',
      '0',
      PUBLIC('new'),
    ]),
    ...post('posts_update_logs_change', 'after update', [
      'new.type',
      'new.id',
      POST_ACTION,
      'null',
      'new.author_id',
      PUBLIC('old'),
      PUBLIC('new'),
    ]),
    ...post('posts_delete_logs_change', 'before delete', [
      'old.type',
      'old.id',
      `'deleted'`,
      '(select series_id from events where id = old.id)',
      'old.author_id',
      PUBLIC('old'),
      '0',
    ]),
    ...part('post_texts', 'post_id', ['insert', 'update']),
    ...part('events', 'id', ['insert', 'update'], 'ROW.series_id'),
    ...part('venues', 'id', ['update']),
    ...part('organizers', 'id', ['update']),
    ...part('event_terms', 'event_id', ['insert', 'delete']),
    ...part('event_organizers', 'event_id', ['insert', 'delete']),
    ...term('insert', 'after', 'new', `'created'`, '0', '1'),
    ...term('update', 'after', 'new', `'updated'`, '1', '1'),
    ...term('delete', 'before', 'old', `'deleted'`, '1', '0'),
    ...['insert', 'update'].flatMap((event) => [
      `drop trigger "term_texts_${event}_logs_change"`,
      `create trigger "term_texts_${event}_logs_change" after ${event} on "term_texts"
        when exists (select 1 from terms where id = new.term_id)
        begin ${BUMP_OUTSIDE}
          insert into change_log as c (${COLUMNS})
            select ${VERSION}, t.taxonomy, t.id, 'updated', null, null, 1, 1, ${NOW}
            from terms as t where t.id = new.term_id ${MERGE};
        end`,
    ]),
  ];
}

/**
 * Both: the changes of records nobody but their author and editors may read, by author, so that an author's
 * page of the log is two index ranges (these and `change_log_public`), however many such changes others made.
 * Only those rows pay for it: the changes of published records do not enter it.
 */
const AUTHORS_INDEX = `create index "change_log_unpublished" on "change_log" ("author_id", "version", "id")
  where was_public <> 1 and is_public <> 1`;

export function serviceWriteLog(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      const statements = dialect === 'sqlite' ? [...sqliteStatements(), AUTHORS_INDEX] : [AUTHORS_INDEX];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
