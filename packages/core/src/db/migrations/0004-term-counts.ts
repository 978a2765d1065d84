import { type Kysely, sql } from 'kysely';

/**
 * `terms.event_count`: the number of published events carrying a term, kept by the writes that change it
 * (as WordPress keeps `term_taxonomy.count`), instead of counting a term's events on every read.
 */
export const termCounts = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('terms')
      .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update terms set event_count = (
      select count(*) from event_terms inner join posts on posts.id = event_terms.event_id
      where event_terms.term_id = terms.id and posts.status = 'publish')`.execute(db);
  },
};
