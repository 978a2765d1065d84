/**
 * A value's JSON as UTF-8 bytes: the bytes of `Buffer.from(JSON.stringify(value))`, made from the JSON of
 * its parts. A page of events whose texts hold one character beyond Latin-1 (a typographic apostrophe, a
 * German word) is a two-byte string, and `JSON.stringify` returns such a text in pieces that V8 must first
 * copy into one string of several hundred kilobytes, straight into the old generation, before encoding it:
 * that copy and the garbage it leaves cost several times the stringify itself (tools/bench/RESULTS.md, "The
 * JSON of a list encoded by parts"). Here a list (an array of four items or more, at the top or as a property
 * of the top object: a list's envelope) is written by hand, and each of its items, and each other property of
 * the envelope, is stringified and encoded on its own, each a small string the young generation collects
 * cheaply. Anything else is encoded whole.
 *
 * Same bytes as `JSON.stringify` for data as answers hold it (plain objects, arrays, primitives): properties
 * in `Object.keys` order, `undefined`, functions and symbols left out of objects and written `null` in
 * arrays. Anything else (an object with `toJSON`, a boxed primitive, a class instance) is stringified whole
 * where it stands, as one part.
 */
import { keptJsonBytes } from '../cache/kept-json.js';

/**
 * An array of this many items or more is written by parts (a list's records); anything smaller costs more in
 * parts than whole (one event's answer: 30 us whole, 60 in parts).
 */
const LISTED_ITEMS = 4;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function isListed(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.length >= LISTED_ITEMS &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** What answers are written from: texts, and the kept bytes of shared items. */
type Part = string | Buffer;

/** An array's JSON: each item on its own (`null` for what JSON.stringify writes so). */
function writeItems(items: unknown[], parts: Part[]): void {
  parts.push('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(',');
    const item = items[i];
    if (isSkipped(item)) parts.push('null');
    else {
      // Shared records whose JSON is kept with them (cache/kept-json.ts) are copied, not encoded again.
      const kept = typeof item === 'object' && item !== null ? keptJsonBytes(item) : undefined;
      parts.push(kept ?? JSON.stringify(item));
    }
  }
  parts.push(']');
}

/** An object's JSON: its lists by items, every other property whole. */
function writeProperties(object: Record<string, unknown>, parts: Part[]): void {
  let separator = '{';
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (isSkipped(value)) continue;
    parts.push(`${separator}${JSON.stringify(key)}:`);
    separator = ',';
    if (isListed(value)) writeItems(value, parts);
    else parts.push(JSON.stringify(value));
  }
  parts.push(separator === '{' ? '{}' : '}');
}

/** `Buffer.from(JSON.stringify(value))`, made by parts (see above). `value` must not be undefined. */
export function jsonBytes(value: unknown): Buffer {
  // A shared record whose JSON is kept with it (cache/kept-json.ts), answered whole (a read of one event):
  // a copy of its bytes, never the kept ones themselves, which every later answer shares.
  const kept = typeof value === 'object' && value !== null ? keptJsonBytes(value) : undefined;
  if (kept) return Buffer.from(kept);
  const parts: Part[] = [];
  if (isListed(value)) writeItems(value, parts);
  else if (isPlainObject(value) && Object.values(value).some(isListed)) writeProperties(value, parts);
  else return Buffer.from(JSON.stringify(value));
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += typeof part === 'string' ? bytes.write(part, at) : part.copy(bytes, at);
  return bytes;
}
