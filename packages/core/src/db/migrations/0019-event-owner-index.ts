import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * `events_owner`: the event whose rows (texts, search rows, terms, organizers) stand for an event, that is
 * `coalesce(follows_id, id)` (`resources/events/follows.ts`), indexed, on PostgreSQL. The list's filters
 * there test an event's owner against the rows that matched (`ownedBy`), so that the planner can go either
 * way, each row a look-up in an index: from the events of the date range to the rows of their owners, or,
 * with this index, from a few matching rows (a rare word, a small category) to the events they stand for.
 * SQLite lists the matches and their followers by id and needs no such index.
 */
export const eventOwnerIndex = (traits: DialectTraits) => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    if (!traits.flattensExists) return;
    await sql`create index events_owner on events ((coalesce(follows_id, id)))`.execute(db);
  },
});
