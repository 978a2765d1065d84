import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL: what every write runs at its end is planned once per connection instead of at every call.
 *
 * - PL/pgSQL caches a statement's plan, but chooses anew at each call between a plan made for the call's
 *   values and the generic one, and for two functions it kept choosing the former: planning the change log's
 *   move to the committed version (at each commit) and the link checks of new events (at each create) cost
 *   more than running them. Both look rows up by key, so the generic plan is the plan.
 * - The term count changes a write sends with its commit (`update …; commit`, in one message) cannot have
 *   parameters, so the update was planned at every commit; a function takes them as two arrays instead, and
 *   locks the terms in the order of their ids first, as the update did, so that writers never deadlock on
 *   them.
 *
 * SQLite: nothing. Frozen SQL, as the baseline is.
 */
const POSTGRES = [
  `alter function calendar_commit_version() set plan_cache_mode = force_generic_plan`,
  `alter function check_posts_linked_from_events(integer[], text) set plan_cache_mode = force_generic_plan`,
  `create function calendar_add_to_term_counts(ids integer[], changes integer[]) returns void language plpgsql
    set search_path from current set plan_cache_mode = force_generic_plan as $$
      begin
        perform 1 from terms where id = any(ids) order by id for no key update;
        update terms set event_count = event_count + c.change
          from unnest(ids, changes) as c(id, change) where terms.id = c.id;
      end $$`,
];

export function plannedOnce(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') return;
      for (const statement of POSTGRES) await sql.raw(statement).execute(db);
    },
  };
}
