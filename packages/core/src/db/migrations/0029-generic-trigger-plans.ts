import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL: two functions every write runs keep one plan per connection instead of planning their
 * statements at every call. PL/pgSQL caches a statement's plan, but chooses anew at each call between a plan
 * made for the call's values and the generic one, and for these it kept choosing the former: planning the
 * change log's move to the committed version (at each commit) and the link checks of new events (at each
 * create) cost more than running them. Both look rows up by key, so the generic plan is the plan.
 *
 * SQLite: nothing. Frozen SQL, as the baseline is.
 */
const POSTGRES = [
  `alter function calendar_commit_version() set plan_cache_mode = force_generic_plan`,
  `alter function check_posts_linked_from_events(integer[], text) set plan_cache_mode = force_generic_plan`,
];

export function genericTriggerPlans(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') return;
      for (const statement of POSTGRES) await sql.raw(statement).execute(db);
    },
  };
}
