import { invalidParam } from '../errors/invalid-params.js';
import { FORBIDDEN_KEY_SEGMENTS, INPUT_LIMITS } from '../route-table/input-limits.js';
import {
  emptyBag,
  isRepeatedKeyList,
  markRepeatedKeyList,
  type ParamBag,
  type ParamValue,
} from '../route-table/params.js';

/** Splits `venue[city][x]` into `['venue', 'city', 'x']`; `a[]` gives `['a', '']`. */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^\]]*)\]/g;
  let consumed = 0;
  for (let match = re.exec(rest); match; match = re.exec(rest)) {
    if (match.index !== consumed) return [key];
    parts.push(match[1]!);
    consumed = re.lastIndex;
  }
  return consumed === rest.length ? parts : [key];
}

type Node = { [key: string]: Node | string | string[] };
export const FORBIDDEN_KEY_MESSAGE =
  'Parameter names may not contain the segments "__proto__", "constructor" or "prototype".';

export const TOO_DEEP_MESSAGE = `Parameters may be nested at most ${INPUT_LIMITS.nestingDepth} levels deep.`;

/** Refuses a key whose path could reach a prototype or is nested too deep (`key` names it in the error). */
function checkPath(key: string, path: readonly string[]): void {
  if (path.some((part) => FORBIDDEN_KEY_SEGMENTS.has(part))) throw invalidParam(key, FORBIDDEN_KEY_MESSAGE);
  if (path.length - 1 > INPUT_LIMITS.nestingDepth) throw invalidParam(key, TOO_DEEP_MESSAGE);
}

/** How many keys each object holds: a `[]` segment appends at that index (`Object.keys` each time is quadratic). */
const keyCounts = new WeakMap<Node, number>();

function put(node: Node, key: string, value: Node | string | string[]): void {
  if (!(key in node)) keyCounts.set(node, (keyCounts.get(node) ?? 0) + 1);
  node[key] = value;
}

function appendKey(node: Node): string {
  return String(keyCounts.get(node) ?? 0);
}

function assign(target: Node, path: string[], value: string): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const part = path[i]!;
    const nextIsAppend = path[i + 1] === '';
    if (nextIsAppend && i + 1 === path.length - 1) {
      const existing = node[part];
      if (Array.isArray(existing)) existing.push(value);
      else if (typeof existing === 'string') put(node, part, [existing, value]);
      else put(node, part, [value]);
      return;
    }
    const key = part === '' ? appendKey(node) : part;
    let child = node[key];
    if (typeof child !== 'object' || child === null || Array.isArray(child)) {
      child = emptyBag() as Node;
      put(node, key, child);
    }
    node = child;
  }
  const last = path[path.length - 1]!;
  const key = last === '' ? appendKey(node) : last;
  const existing = node[key];
  if (path.length === 1 && existing !== undefined) {
    // A key repeated without brackets: collect the values into a list.
    const values = Array.isArray(existing) ? [...existing, value] : [existing as string, value];
    if (!Array.isArray(existing) || isRepeatedKeyList(existing)) markRepeatedKeyList(values);
    put(node, key, values);
  } else {
    put(node, key, value);
  }
}

/** Objects whose keys are exactly 0..n-1 become arrays, recursively (PHP's `a[0]=…&a[1]=…`). */
function normalise(value: Node | string | string[]): ParamValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, normalise(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  const bag = emptyBag();
  for (const [k, v] of entries) bag[k] = v;
  return bag;
}

/** Parses `application/x-www-form-urlencoded` text (a query string or a form body). */
export function parseFormEncoded(text: string): ParamBag {
  const root = emptyBag() as Node;
  if (text.startsWith('?')) text = text.slice(1);
  if (text === '') return emptyBag();
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '') continue;
    const path = splitKey(key);
    checkPath(key, path);
    assign(root, path, value);
  }
  return normalise(root) as ParamBag;
}

/**
 * Merges the sources in SPEC §3's precedence: JSON body, then form body, then query; the path parameters
 * always win (unlike WordPress, where a query `id` would override the path).
 */
export function mergeParams(sources: {
  json?: ParamBag | undefined;
  form?: ParamBag | undefined;
  query: ParamBag;
  path: Record<string, string>;
}): ParamBag {
  return Object.assign(emptyBag(), sources.query, sources.form, sources.json, sources.path);
}

/**
 * A parsed JSON body (or a body a host's parser produced) as parameters: a copy made of prototype-less
 * objects, refusing keys that name a prototype and nesting deeper than `INPUT_LIMITS.nestingDepth` below a
 * parameter. `JSON.parse` keeps `"__proto__"` as an own key, which any later `Object.assign` or `obj[key] =`
 * copy would turn into a prototype.
 */
export function plainParams(value: unknown): ParamBag {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return emptyBag();
  const bag = emptyBag();
  for (const [key, child] of Object.entries(value)) {
    if (FORBIDDEN_KEY_SEGMENTS.has(key)) throw invalidParam(key, FORBIDDEN_KEY_MESSAGE);
    bag[key] = plainValue(child, key, 0);
  }
  return bag;
}

function plainValue(value: unknown, name: string, depth: number): ParamValue {
  if (value === null || typeof value !== 'object') {
    // JSON has no other scalars; a host's parser might (undefined, a function): they carry no value.
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : null;
  }
  if (depth >= INPUT_LIMITS.nestingDepth) throw invalidParam(name, TOO_DEEP_MESSAGE);
  if (Array.isArray(value)) return value.map((item) => plainValue(item, name, depth + 1));
  const bag = emptyBag();
  for (const [key, child] of Object.entries(value)) {
    if (FORBIDDEN_KEY_SEGMENTS.has(key)) throw invalidParam(`${name}[${key}]`, FORBIDDEN_KEY_MESSAGE);
    bag[key] = plainValue(child, name, depth + 1);
  }
  return bag;
}
