/** Row types of the service's tables, taken from core's Kysely schema so that they cannot drift. */
import type { CalendarDatabase } from '@calendar-events/core';
import type { Insertable, Kysely } from 'kysely';

export type Schema = CalendarDatabase['kysely'] extends Kysely<infer S> ? S : never;
export type TableName = keyof Schema & string;
export type Row<T extends TableName> = Insertable<Schema[T]>;

/** Rows for several tables, inserted in the order of the keys (parents before children). */
export type RowSet = { [T in TableName]?: Row<T>[] };
