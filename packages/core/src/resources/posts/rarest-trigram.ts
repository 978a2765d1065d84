/**
 * SQLite's FTS5 answers a phrase of the trigram index by reading the whole list of every trigram in it: a
 * word as rare as `calligraphy` (one event in a hundred) costs the lists of `lig` and `all`, which are in most
 * texts. The list of its rarest trigram alone (`igr`) is a hundred times shorter; reading it and testing the
 * texts it names costs a third of the phrase. This chooses, per search, between the two.
 *
 * How long a trigram's list is comes from its first rows: FTS5 yields matches in rowid order, so the rowid
 * of the PROBE-th match tells the list's density (a list shorter than PROBE is known whole). One statement
 * looks at every trigram; what it finds is kept at the data version (cache/record-memo.ts).
 *
 * The texts are then tested with the exact rule of the short terms (`traits.eventSearchMatches`, JavaScript's
 * lower case), whose matches a trigram's list must all hold: so the terms must be ASCII (FTS5 and JavaScript
 * fold the few other characters that become ASCII letters differently; a trigram ending in `i` also looks up
 * its `İ`, `ftsPhrase`).
 */
import { sql } from 'kysely';
import { isAscii } from '../../db/traits.js';
import type { RequestContext } from '../../route-table/context.js';
import { ftsPhrase, isIndexable } from './search.js';

/** How many matches of each trigram are read to tell the length of its list. */
const PROBE = 32;
/** At most this many trigrams are looked at, spread over the terms (a long text has as many as characters). */
const MAX_PROBED = 12;
/**
 * The rarest list is read instead of the phrases when theirs are together this many times longer (in the
 * estimate). A phrase costs about 0.5-2 us per entry of its rarest list, more where its other lists are long;
 * a row of the rarest list read and tested 0.6-1.9 us (tools/bench/RESULTS.md, "The search by its rarest
 * trigram"): the phrase's long lists must be very long before it pays.
 */
const LONGER_BY = 140;

/**
 * The trigram to look the terms up by, as an FTS5 phrase, when reading its list and testing each text costs
 * less than the terms' own phrases; undefined when it does not, or when a term is not ASCII.
 */
export async function rarestTrigram(
  context: RequestContext,
  fts: { table: 'event_search_fts'; content: 'event_search'; key: 'id' },
  terms: readonly string[],
): Promise<string | undefined> {
  const indexed = terms.filter(isIndexable);
  if (indexed.length === 0 || !indexed.every(isAscii)) return undefined;
  const all = indexed.flatMap(trigramsOf);
  const candidates = [...new Set(all)];
  const probed = spread(candidates, MAX_PROBED);
  const lengths = await listLengths(context, fts, probed);
  // Every trigram of the terms is in a phrase, those not looked at as long as the average of the others.
  const phraseLists = average(probed.map((trigram) => lengths.get(trigram)!)) * all.length;
  let rarest = probed[0]!;
  for (const trigram of probed) if (lengths.get(trigram)! < lengths.get(rarest)!) rarest = trigram;
  return lengths.get(rarest)! * LONGER_BY < phraseLists ? ftsPhrase(rarest) : undefined;
}

/** The trigrams of a term, lower case (FTS5 folds case). */
function trigramsOf(term: string): string[] {
  const folded = term.toLowerCase();
  const trigrams: string[] = [];
  for (let index = 0; index + 3 <= folded.length; index++) trigrams.push(folded.slice(index, index + 3));
  return trigrams;
}

/** At most `count` of `items`, evenly spread. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The estimated length of each trigram's list, from the kept ones and one statement for the others. */
async function listLengths(
  context: RequestContext,
  fts: { table: string; content: string; key: string },
  trigrams: readonly string[],
): Promise<Map<string, number>> {
  const kept = await context.records?.scope(
    { inTransaction: context.db.isTransaction, language: '', version: context.dataVersion },
    `trigram-list:${fts.table}`,
  );
  const lengths = new Map<string, number>();
  for (const trigram of trigrams) {
    const length = kept?.get(trigram)?.length;
    if (typeof length === 'number') lengths.set(trigram, length);
  }
  const missing = trigrams.filter((trigram) => !lengths.has(trigram));
  if (missing.length === 0) return lengths;
  const table = sql.table(fts.table);
  const { rows } = await sql<{ trigram: string; first: string | null; last: number | null }>`
    select value as trigram,
      (select json_array(count(*), max(rowid)) from (select rowid from ${table} where ${table} match '"' || replace(value, '"', '""') || '"' limit ${PROBE})) as first,
      (select max(${sql.ref(fts.key)}) from ${sql.table(fts.content)}) as last
    from json_each(${JSON.stringify(missing)})`.execute(context.db);
  for (const row of rows) {
    const [count, highest] = JSON.parse(row.first ?? '[0,null]') as [number, number | null];
    // Fewer than PROBE: the whole list. Else PROBE matches in the rowids up to `highest`, as dense elsewhere.
    const length =
      count < PROBE || highest === null
        ? count
        : Math.round((PROBE * Math.max(row.last ?? 0, highest)) / highest);
    lengths.set(row.trigram, length);
    kept?.set(row.trigram, { length });
  }
  return lengths;
}
