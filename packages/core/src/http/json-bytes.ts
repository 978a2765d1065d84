/**
 * A value's JSON as UTF-8 bytes: the bytes of `Buffer.from(JSON.stringify(value))`, made from the JSON of
 * its parts. A page of events whose texts hold one character beyond Latin-1 (a typographic apostrophe, a
 * German word) is a two-byte string, and `JSON.stringify` returns such a text in pieces that V8 must first
 * copy into one string of several hundred kilobytes, straight into the old generation, before encoding it:
 * that copy and the garbage it leaves cost several times the stringify itself (tools/bench/RESULTS.md, "The
 * JSON of a list encoded by parts"). Here the outer two levels (a list's envelope, its array, each event's
 * fields when the answer is a bare array) are written by hand and every part below them is stringified and
 * encoded on its own, each a small string the young generation collects cheaply.
 *
 * Same bytes as `JSON.stringify` for data as answers hold it (plain objects, arrays, primitives): properties
 * in `Object.keys` order, `undefined`, functions and symbols left out of objects and written `null` in
 * arrays. Anything else (an object with `toJSON`, a boxed primitive, a class instance) is stringified whole
 * where it stands, as one part.
 */

/** How many levels of containers are written by hand before their parts are stringified whole. */
const OPENED_LEVELS = 2;

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function writeParts(value: unknown, parts: string[], levels: number): void {
  if (levels === 0 || !isPlainContainer(value)) {
    parts.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    parts.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(',');
      const item = value[i];
      if (isSkipped(item)) parts.push('null');
      else writeParts(item, parts, levels - 1);
    }
    parts.push(']');
    return;
  }
  let separator = '{';
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (isSkipped(item)) continue;
    parts.push(`${separator}${JSON.stringify(key)}:`);
    separator = ',';
    writeParts(item, parts, levels - 1);
  }
  parts.push(separator === '{' ? '{}' : '}');
}

/** `Buffer.from(JSON.stringify(value))`, made by parts (see above). `value` must not be undefined. */
export function jsonBytes(value: unknown): Buffer {
  const parts: string[] = [];
  writeParts(value, parts, OPENED_LEVELS);
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at);
  return bytes;
}
