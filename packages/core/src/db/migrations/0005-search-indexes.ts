import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * Indexes for the searches and filters that scanned until now (SPEC §12):
 *
 * - `linked_post_search` and `term_search`: one row per venue/organizer and per category/tag holding every
 *   searchable text of the record in every language (venues: name, description, excerpt and the address
 *   fields of ref §6.5; organizers: the same with phone, e-mail and website; terms: slug and names),
 *   indexed for substring search like `event_search` (SQLite FTS5 trigram, PostgreSQL `pg_trgm`). A record
 *   whose text contains a search string somewhere there is a candidate; the list query then applies the
 *   exact rule (field by field, in the request language with fallback) to the candidates only. The
 *   application rewrites a record's row with every write of its texts.
 * - `events_featured`: the `featured` filter, in start order.
 *
 * Cost on a large calendar: the two new tables hold one row per venue, organizer and term (30,000 and 230
 * rows for the benchmark's million events), so their backfill and indexes take well under a second; most
 * of the time goes to the `events_featured` B-tree, one pass over `events`. Measured on the million-event
 * benchmark calendar: 3 s on SQLite, 6 s on PostgreSQL.
 */
export function searchIndexes(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('events_featured')
        .on('events')
        .columns(['featured', 'start_utc', 'id'])
        .execute();

      await db.schema
        .createTable('linked_post_search')
        .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('term_search')
        .addColumn('term_id', 'integer', (c) => c.primaryKey().references('terms.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();

      // Every text of a record, separated by line breaks (which no search fragment contains).
      const nl = traits.name === 'sqlite' ? sql`char(10)` : sql`E'\\n'`;
      const joined = (parts: RawBuilder<unknown>[]) =>
        traits.name === 'sqlite'
          ? sql.join(
              parts.map((p) => sql`coalesce(${p}, '')`),
              sql` || ${nl} || `,
            )
          : sql`concat_ws(${nl}, ${sql.join(parts)})`;
      const aggregate = (expression: RawBuilder<unknown>) =>
        traits.name === 'sqlite'
          ? sql`group_concat(${expression}, ${nl})`
          : sql`string_agg(${expression}, ${nl})`;
      const postTexts = sql`(select ${aggregate(
        joined([sql`pt.title`, sql`pt.description`, sql`pt.excerpt`]),
      )} from post_texts as pt where pt.post_id = p.id)`;
      const venueFields = ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'];
      const organizerFields = ['phone', 'email', 'website'];
      for (const [table, fields] of [
        ['venues', venueFields],
        ['organizers', organizerFields],
      ] as const) {
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

      for (const [table, key] of [
        ['linked_post_search', 'post_id'],
        ['term_search', 'term_id'],
      ] as const) {
        if (traits.name === 'sqlite') {
          const fts = `${table}_fts`;
          await sql`create virtual table ${sql.id(fts)} using fts5(body, content=${sql.lit(table)}, content_rowid=${sql.lit(key)}, tokenize='trigram')`.execute(
            db,
          );
          await sql`insert into ${sql.id(fts)}(${sql.id(fts)}) values ('rebuild')`.execute(db);
          // External-content FTS tables are kept in step by triggers (as for event_search, migration 0002).
          await sql`create trigger ${sql.id(`${table}_ai`)} after insert on ${sql.id(table)} begin
            insert into ${sql.id(fts)}(rowid, body) values (new.${sql.id(key)}, new.body); end`.execute(db);
          await sql`create trigger ${sql.id(`${table}_ad`)} after delete on ${sql.id(table)} begin
            insert into ${sql.id(fts)}(${sql.id(fts)}, rowid, body) values ('delete', old.${sql.id(key)}, old.body); end`.execute(
            db,
          );
          await sql`create trigger ${sql.id(`${table}_au`)} after update on ${sql.id(table)} begin
            insert into ${sql.id(fts)}(${sql.id(fts)}, rowid, body) values ('delete', old.${sql.id(key)}, old.body);
            insert into ${sql.id(fts)}(rowid, body) values (new.${sql.id(key)}, new.body); end`.execute(db);
        } else {
          await sql`create extension if not exists pg_trgm with schema public`.execute(db);
          await sql`create index ${sql.id(`${table}_body_trgm`)} on ${sql.id(table)} using gin (body gin_trgm_ops)`.execute(
            db,
          );
        }
      }
    },
  };
}
