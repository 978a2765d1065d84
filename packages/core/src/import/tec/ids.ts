/**
 * Ids an import writes explicitly, and the counters that give the next ids. PostgreSQL's `serial`
 * sequences know nothing of an explicit id: left as they were, the next create through the API would get an
 * id the import wrote, and fail. SQLite's AUTOINCREMENT counter (`sqlite_sequence`) follows explicit ids by
 * itself, but only as rows arrive: between two batches a create would take an id a later batch needs. So
 * before the first batch every counter is moved past the largest id the import will write, and fresh ids
 * (records remapped with `remapIds`) are taken from the counters, as the service's own inserts take them.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DialectTraits } from '../../db/traits.js';

export type IdTable = 'posts' | 'terms' | 'images';

function sequenceOf(table: IdTable): RawBuilder<unknown> {
  return sql`pg_get_serial_sequence(${table}, 'id')`;
}

/** The largest id the table's counter has given or its rows hold (0 for none). */
export async function topId(db: Db, traits: DialectTraits, table: IdTable): Promise<number> {
  const counter =
    traits.name === 'postgres'
      ? sql<number | string | null>`pg_sequence_last_value(${sequenceOf(table)}::regclass)`
      : sql<number | string | null>`(select seq from sqlite_sequence where name = ${table})`;
  // The larger of two values: SQLite's scalar `max`, PostgreSQL's `greatest`.
  const larger = sql.raw(traits.name === 'postgres' ? 'greatest' : 'max');
  const { rows } = await sql<{ top: number | string | null }>`select ${larger}(coalesce(${counter}, 0),
    coalesce((select max(id) from ${sql.table(table)}), 0)) as top`.execute(db);
  return Number(rows[0]?.top ?? 0);
}

/** Moves the table's counter so that the next id it gives is beyond `upTo` (never moves it back). */
export async function reserveIdsUpTo(
  db: Db,
  traits: DialectTraits,
  table: IdTable,
  upTo: number,
): Promise<void> {
  if (upTo <= 0) return;
  if (traits.name === 'postgres') {
    await sql`select setval(${sequenceOf(table)}, greatest(${upTo}::bigint,
      coalesce(pg_sequence_last_value(${sequenceOf(table)}::regclass), 0)))`.execute(db);
    return;
  }
  await sql`insert into sqlite_sequence (name, seq) select ${table}, 0
    where not exists (select 1 from sqlite_sequence where name = ${table})`.execute(db);
  await sql`update sqlite_sequence set seq = max(seq, ${upTo}) where name = ${table}`.execute(db);
}

/** `count` ids nobody has: taken from the table's counter (PostgreSQL: `nextval`; SQLite: `sqlite_sequence`). */
export async function takeFreshIds(
  db: Db,
  traits: DialectTraits,
  table: IdTable,
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  if (traits.name === 'postgres') {
    const { rows } = await sql<{ id: number | string }>`select nextval(${sequenceOf(table)}) as id
      from generate_series(1, ${count}) order by 1`.execute(db);
    return rows.map((row) => Number(row.id));
  }
  const top = await topId(db, traits, table);
  await reserveIdsUpTo(db, traits, table, top + count);
  return Array.from({ length: count }, (_, index) => top + 1 + index);
}
