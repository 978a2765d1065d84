/**
 * Turning the raw parameter sources of a request into one plain object (SPEC §3).
 *
 * Query strings and form bodies use PHP's conventions: `a[]=1&a[]=2`, `a[0]=1`, `venue[city]=Berlin`,
 * `organizer[0][organizer]=A`. A key repeated without brackets (`a=1&a=2`) becomes a list too.
 */

export type ParamValue = string | number | boolean | null | ParamValue[] | { [key: string]: ParamValue };
export type ParamBag = Record<string, ParamValue>;

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

/**
 * Lists made of a key repeated without brackets (`a=1&a=2`, not `a[]=1&a[]=2`). A list parameter takes all
 * the values; a single-valued one takes the last, as PHP does.
 */
const repeatedKeyLists = new WeakSet<ParamValue[]>();

/** The value a single-valued parameter sees: the last of a repeated key's values. */
export function lastOfRepeatedKey(value: ParamValue): ParamValue {
  return Array.isArray(value) && repeatedKeyLists.has(value) ? (value[value.length - 1] ?? null) : value;
}

function assign(target: Node, path: string[], value: string): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const part = path[i]!;
    const nextIsAppend = path[i + 1] === '';
    if (nextIsAppend && i + 1 === path.length - 1) {
      const existing = node[part];
      if (Array.isArray(existing)) existing.push(value);
      else if (typeof existing === 'string') node[part] = [existing, value];
      else node[part] = [value];
      return;
    }
    const key = part === '' ? String(Object.keys(node).length) : part;
    let child = node[key];
    if (typeof child !== 'object' || child === null || Array.isArray(child)) {
      child = {};
      node[key] = child;
    }
    node = child;
  }
  const last = path[path.length - 1]!;
  const key = last === '' ? String(Object.keys(node).length) : last;
  const existing = node[key];
  if (path.length === 1 && existing !== undefined) {
    // A key repeated without brackets: collect the values into a list.
    const values = Array.isArray(existing) ? [...existing, value] : [existing as string, value];
    if (!Array.isArray(existing) || repeatedKeyLists.has(existing)) repeatedKeyLists.add(values);
    node[key] = values;
  } else {
    node[key] = value;
  }
}

/** Objects whose keys are exactly 0..n-1 become arrays, recursively (PHP's `a[0]=…&a[1]=…`). */
function normalise(value: Node | string | string[]): ParamValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, normalise(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** Parses `application/x-www-form-urlencoded` text (a query string or a form body). */
export function parseFormEncoded(text: string): ParamBag {
  const root: Node = {};
  if (text.startsWith('?')) text = text.slice(1);
  if (text === '') return {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '') continue;
    assign(root, splitKey(key), value);
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
  return { ...sources.query, ...sources.form, ...sources.json, ...sources.path };
}
