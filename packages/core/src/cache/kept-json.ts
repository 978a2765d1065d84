/**
 * Records whose JSON is kept with them once made: records that many answers share unchanged (events kept at
 * a data version for lists and reads, resources/events/kept-outputs.ts), whose encoding would otherwise be
 * most of what a page of them still costs. Weakly held: gone with the record. http/json-bytes.ts writes them,
 * as a list's items or as a whole answer.
 */
const keptJson = new WeakMap<object, Buffer | null>();

/**
 * Has `item`'s JSON kept with it the first time it is written. The item must never change afterwards, nor
 * anything it holds (frozen, and shared only with other readers).
 */
export function keepJsonOf<T extends object>(item: T): T {
  if (!keptJson.has(item)) keptJson.set(item, null);
  return item;
}

/** `item`'s JSON as UTF-8 when it is kept with it (made now the first time), else undefined. */
export function keptJsonBytes(item: object): Buffer | undefined {
  const bytes = keptJson.get(item);
  if (bytes) return bytes;
  if (bytes === undefined) return undefined;
  const made = Buffer.from(JSON.stringify(item));
  keptJson.set(item, made);
  return made;
}
