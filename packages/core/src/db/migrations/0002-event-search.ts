import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * The event search index (SPEC §12): one row per event and language holding the effective title, excerpt
 * and description (with the default-language fallback already applied), indexed for substring search:
 * SQLite FTS5 with the trigram tokenizer, PostgreSQL `pg_trgm`.
 */
export function eventSearch(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_search')
        .addColumn('id', traits.serialPrimaryKey, traits.idColumn)
        .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('event_search_event_language')
        .on('event_search')
        .columns(['event_id', 'language'])
        .unique()
        .execute();
      if (traits.name === 'sqlite') {
        await sql`create virtual table event_search_fts using fts5(body, content='event_search', content_rowid='id', tokenize='trigram')`.execute(
          db,
        );
        // External-content FTS tables are kept in step by triggers (the SQLite documentation's recipe).
        await sql`create trigger event_search_ai after insert on event_search begin
          insert into event_search_fts(rowid, body) values (new.id, new.body); end`.execute(db);
        await sql`create trigger event_search_ad after delete on event_search begin
          insert into event_search_fts(event_search_fts, rowid, body) values ('delete', old.id, old.body); end`.execute(
          db,
        );
        await sql`create trigger event_search_au after update on event_search begin
          insert into event_search_fts(event_search_fts, rowid, body) values ('delete', old.id, old.body);
          insert into event_search_fts(rowid, body) values (new.id, new.body); end`.execute(db);
      } else {
        // Extensions are per database: install it next to the public schema, never inside our own.
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
        await sql`create index event_search_body_trgm on event_search using gin (body gin_trgm_ops)`.execute(
          db,
        );
      }
    },
  };
}
