import { type Kysely, sql } from 'kysely';

/**
 * The indexes the lists' sync filters read (resources/changes/list-sync.ts):
 *
 * - `change_log_type`: the changes of one type after a sync token, in log order (`sync_token` on a list
 *   reads only its own type's rows, not the other types' rows between);
 * - `change_log_type_time`: the changes of one type at or after a time (`updated_since` on the term lists,
 *   whose rows keep no modified time of their own);
 * - `posts_type_modified`: the records of one type modified at or after a time (`updated_since` on events,
 *   venues and organizers).
 *
 * Frozen SQL per database, as the baseline is (the same text on both).
 */
export function listSync(_dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      const statements = [
        `create index "change_log_type" on "change_log" ("type", "version", "id")`,
        `create index "change_log_type_time" on "change_log" ("type", "changed_utc")`,
        `create index "posts_type_modified" on "posts" ("type", "modified_utc", "id")`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
