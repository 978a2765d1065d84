import { type Kysely, sql } from 'kysely';

/**
 * Webhooks: endpoints an administrator registers, each a cursor over the change log (migration 0023) that
 * its deliverer moves forward one change at a time, in log order, and the attempts made.
 *
 * - `webhooks`: the endpoint (`url`, `types`: a JSON array of the change types it wants, `[]` for all), its
 *   signing secret (`whsec_…`) and, for a while after a rotation, the previous one (both sign meanwhile);
 *   `status` `active` or `disabled` (with why); the cursor (`cursor_version`, `cursor_id`: the last change
 *   delivered or passed over); the failing head's attempts (`attempts`, `next_attempt_utc`); the lease of the
 *   instance delivering it (`lease_holder`, `lease_expires_utc`).
 * - `webhook_deliveries`: each attempt (the change, the `webhook-id` sent, when, the HTTP status or null, how
 *   long, the error), by endpoint in order.
 *
 * Neither moves the data version: they are not data any answer of the public API is built from (the
 * webhooks' own routes are for administrators and not cached).
 *
 * Frozen SQL per database, as the baseline is.
 */
export function webhooks(dialect: 'sqlite' | 'postgres') {
  const id =
    dialect === 'postgres'
      ? 'bigint generated always as identity primary key'
      : 'integer primary key autoincrement';
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      const statements = [
        `create table "webhooks" ("id" ${id}, "url" text not null, "types" text not null default '[]',
          "description" text not null default '', "secret" text not null, "previous_secret" text,
          "previous_secret_expires_utc" text, "status" text not null default 'active', "disabled_reason" text,
          "cursor_version" ${big} not null, "cursor_id" ${big} not null, "attempts" integer not null default 0,
          "next_attempt_utc" text, "lease_holder" text, "lease_expires_utc" text, "author_id" integer,
          "created_utc" text not null, "modified_utc" text not null)`,
        `create table "webhook_deliveries" ("id" ${id},
          "webhook_id" ${big} not null references "webhooks" ("id") on delete cascade,
          "change_version" ${big} not null, "change_id" ${big} not null, "message_id" text not null,
          "attempt" integer not null, "attempted_utc" text not null, "status" integer, "duration_ms" integer not null,
          "error" text)`,
        `create index "webhook_deliveries_by_webhook" on "webhook_deliveries" ("webhook_id", "id")`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
