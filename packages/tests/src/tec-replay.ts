/**
 * Replaying the real plugin's recorded answers (`reference/tec-transcripts/decided/*.json`, SPEC §14) against
 * this service: loading the steps, resolving their placeholders, and comparing our answer with the plugin's.
 * The comparison is general (no per-file rule): every value of the plugin's answer is compared, after the
 * normalisations of `LEGITIMATE_DIFFERENCES`, the one list of what may differ and why.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// biome-ignore lint/suspicious/noExplicitAny: recorded answers are plain JSON of any shape
export type Json = any;

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Json;
}

export interface DecidedStep {
  scenario: string;
  step: number;
  title: string;
  request: {
    method: string;
    /** `anon` or a WordPress role. */
    as: string;
    path: string;
    json?: Json;
    query?: Record<string, unknown> | string;
    /** A raw body (a malformed JSON one), sent with `contentType`. */
    body?: string;
    contentType?: string;
  };
  status: { tec: number; ours: number };
  diffs: { path: string; kind: string; tec?: Json; ours?: Json }[];
  tec: RecordedAnswer & { sent: DecidedStep['request'] };
  ours: RecordedAnswer;
}

export interface DecidedFile {
  /** `01-show-map-default`. */
  name: string;
  steps: DecidedStep[];
}

/**
 * The plugin's recorded answers behind SPEC §14 (`reference/tec-transcripts/decided/`), copied into
 * `testdata/tec-decided/` so that a clone of the repository alone replays them; `TEC_TRANSCRIPTS` names
 * another copy of `tec-transcripts` (a newer recording) instead.
 */
export function decidedDirectory(): string {
  return process.env.TEC_TRANSCRIPTS
    ? join(process.env.TEC_TRANSCRIPTS, 'decided')
    : join(import.meta.dirname, 'testdata/tec-decided');
}

export function loadDecidedFiles(directory = decidedDirectory()): DecidedFile[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => /^\d+-.*\.json$/.test(file))
    .sort()
    .map((file) => ({
      name: file.replace(/\.json$/, ''),
      steps: JSON.parse(readFileSync(join(directory, file), 'utf8')) as DecidedStep[],
    }));
}

/** The day the plugin answered (transcripts README); `{d+N}` and every date of its answers count from it. */
export const RECORDED_AT = '2026-11-25T17:32:00Z';

/**
 * Files recorded at another moment than `RECORDED_AT`: `12-last-differences` was answered two days later (its
 * records are dated 2026-11-27 17:59, and its `{d+5}` is 2026-12-02).
 */
const RECORDED_AT_OF: Record<string, string> = { '12-last-differences': '2026-11-27T17:59:00Z' };

/** The moment the plugin answered the steps of `file`. */
export function recordedAtOf(file: string): string {
  return RECORDED_AT_OF[file] ?? RECORDED_AT;
}

/**
 * The token the recording used for `{tok}`, read back from the request the plugin was sent: each file runs on
 * a fresh database, so reusing it makes the names and slugs of the answers comparable as they are.
 */
export function recordedToken(step: DecidedStep): string | undefined {
  const fromTemplate = (template: string, sent: string): string | undefined => {
    if (!template.includes('{tok}')) return undefined;
    const pattern = template
      .split('{tok}')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]*\\\}/g, '.*?'))
      .join('([a-z0-9]+)');
    return new RegExp(`^${pattern}$`).exec(sent)?.[1];
  };
  const template = JSON.stringify([step.request.path, step.request.json ?? null]);
  const sent = JSON.stringify([step.tec.sent.path, step.tec.sent.json ?? null]);
  const direct = fromTemplate(step.request.path, step.tec.sent.path);
  if (direct) return direct;
  if (template.includes('{tok}')) {
    for (const [t, s] of walkStrings(step.request.json, step.tec.sent.json)) {
      const found = fromTemplate(t, s);
      if (found) return found;
    }
  }
  // No {tok} in the request: the fixtures the answer shows (`Cat <tok> cat`, `Ev <tok> …`) carry it.
  return /"(?:Cat|Ev|Venue|Org|Tag|W) ([a-z0-9]{7}) /.exec(JSON.stringify(step.tec.body) + sent)?.[1];
}

function* walkStrings(template: Json, sent: Json): Generator<[string, string]> {
  if (typeof template === 'string' && typeof sent === 'string') yield [template, sent];
  else if (template && typeof template === 'object' && sent && typeof sent === 'object')
    for (const key of Object.keys(template)) yield* walkStrings(template[key], sent[key]);
}

/** `YYYY-MM-DD` of `RECORDED_AT` + `days`. */
export function relativeDay(days: number, from = RECORDED_AT): string {
  const date = new Date(from);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Replaces `{tok}`, `{d+N}`/`{d-N}` and the named records (`{cat}`, `{b}`, `{et.slug}`, …, from `records`) in
 * every string of `value`. A string that is exactly one record placeholder becomes the record's value (an id
 * stays a number); an unknown placeholder throws, so that a new transcript cannot be replayed half-resolved.
 */
export function resolvePlaceholders(
  value: Json,
  tok: string,
  records: Record<string, string | number>,
  recordedAt = RECORDED_AT,
): Json {
  if (typeof value === 'string') {
    const whole = /^\{([a-z][\w.:]*)\}$/.exec(value)?.[1];
    if (whole !== undefined && whole !== 'tok' && whole in records) return records[whole];
    return value.replace(/\{([^{}]+)\}/g, (match, name: string) => {
      if (name === 'tok') return tok;
      const day = /^d([+-]\d+)$/.exec(name);
      if (day) return relativeDay(Number(day[1]), recordedAt);
      if (name in records) return String(records[name]);
      throw new Error(`unresolved placeholder ${match} (known records: ${Object.keys(records).join(', ')})`);
    });
  }
  if (Array.isArray(value)) return value.map((item) => resolvePlaceholders(item, tok, records, recordedAt));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolvePlaceholders(item, tok, records, recordedAt)]),
    );
  return value;
}

/**
 * What legitimately differs between the plugin's answer and ours, in one place. Everything else of the
 * plugin's answer (status, headers below, every body value) must be equal.
 */
export const LEGITIMATE_DIFFERENCES = {
  /** Body keys whose values are not compared at all. */
  ignoredKeys: {
    global_id: 'the host name and the record id (`127.0.0.1?id=696`): another site, other ids',
    global_id_lineage: 'the same, as a list',
    date: 'creation time: the two systems created the record at different moments',
    date_utc: 'creation time (UTC)',
    modified: 'modification time',
    modified_utc: 'modification time (UTC)',
    _links: "WordPress core's HAL links to its own `/wp/v2` routes, which this service does not have",
  } as Record<string, string>,
  /** Body keys holding record ids: only "none" (0) and "some record" are compared. */
  idKeys: {
    id: 'ids are assigned by each database',
    term_id: 'an id',
    term_taxonomy_id: 'an id',
    parent: 'a term id (0 = no parent is still compared)',
    additional_data: "a `term_exists` error's `[term_id, term_taxonomy_id]`",
    author: "a user id: WordPress's admin is 1, ours is whichever user the test made",
  } as Record<string, string>,
  strings: {
    hosts:
      "URLs: the plugin runs at http://127.0.0.1:8081 under /wp-json, ours on a test port: the API root becomes {api}, WordPress's REST root {root}, the site {site}",
    ids: 'record ids inside URLs (`/events/696`, `?p=677`, `?id=`) become <id>',
    queries:
      'the query of a URL is compared decoded and sorted by key (the plugin sends it unencoded, in its own order)',
    keptFilters:
      'rest_url/next_rest_url/previous_rest_url: ours keeps categories, tags, search, strict_dates and only_with_upcoming the plugin drops, and never adds its status=any (SPEC §14, "keep ours")',
    clock:
      "a date-time within 10 minutes of the plugin's, alone or as a value in a URL's query: values computed from \"now\" (the strict window's end) differ by the seconds the recording took",
  },
  headers: {
    compared: ['allow', 'content-type', 'x-tec-total', 'x-tec-totalpages'],
    link: 'WordPress\'s API discovery header (`<…/wp-json/>; rel="https://api.w.org/"`): no WordPress root here',
    others: 'headers the plugin does not send (Location on 201, ETag, X-WP-Total, …) are ours to add',
  },
};

const KEPT_FILTERS = ['categories', 'tags', 'search', 'strict_dates', 'only_with_upcoming'];
const URL_KEYS = new Set(['rest_url', 'next_rest_url', 'previous_rest_url']);
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const CLOCK_TOLERANCE_MS = 10 * 60 * 1000;

/** Hosts and ids out of a string (see `LEGITIMATE_DIFFERENCES.strings`). */
export function normalizeString(value: string): string {
  return value
    .replace(/https?:\/\/[^/\s"'?]+(?:\/wp-json)?\/tribe\/events\/v1/g, '{api}')
    .replace(/https?:\/\/[^/\s"'?]+(?:\/calendar\/events\/v1)/g, '{api}')
    .replace(/https?:\/\/[^/\s"'?]+\/wp-json/g, '{root}')
    .replace(/https?:\/\/[^/\s"'?]+/g, '{site}')
    .replace(/\/(events|venues|organizers|categories|tags)\/\d+(?=$|[/?#])/g, '/$1/<id>')
    .replace(/([?&](?:p|id|page_id)=)\d+/g, '$1<id>');
}

/** A URL as `{api}/events/` plus its query decoded, sorted; with the plugin's query for the kept filters. */
function normalizeUrl(value: string, plugin?: string): string {
  const normalized = normalizeString(value);
  const at = normalized.indexOf('?');
  if (at < 0) return normalized;
  const params = [...new URLSearchParams(normalized.slice(at + 1).replace(/\+/g, '%2B'))];
  const pluginKeys =
    plugin === undefined ? undefined : new Set(new URLSearchParams(plugin.split('?')[1] ?? '').keys());
  const kept = params.filter(([key, v]) => {
    if (pluginKeys === undefined) return !(key === 'status' && v === 'any');
    return pluginKeys.has(key) || !KEPT_FILTERS.includes(key);
  });
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${normalized.slice(0, at)}?${kept.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

export interface Difference {
  path: string;
  tec?: Json;
  ours?: Json;
}

function closeDateTimes(a: string, b: string): boolean {
  const delta = Date.parse(`${a.replace(' ', 'T')}Z`) - Date.parse(`${b.replace(' ', 'T')}Z`);
  return Math.abs(delta) <= CLOCK_TOLERANCE_MS;
}

/** Two normalized URLs alike but for date-times in their queries within the clock's tolerance. */
function closeUrls(tec: string, ours: string): boolean {
  const split = (url: string) => url.split(/[?&]/);
  const [a, b] = [split(tec), split(ours)];
  return (
    a.length === b.length &&
    a.every((part, i) => {
      const other = b[i]!;
      if (part === other) return true;
      const [key, value = ''] = part.split('=');
      const [otherKey, otherValue = ''] = other.split('=');
      return (
        key === otherKey &&
        DATE_TIME.test(value) &&
        DATE_TIME.test(otherValue) &&
        closeDateTimes(value, otherValue)
      );
    })
  );
}

function compareValues(tec: Json, ours: Json, path: string, key: string, out: Difference[]): void {
  if (key in LEGITIMATE_DIFFERENCES.ignoredKeys) return;
  if (key in LEGITIMATE_DIFFERENCES.idKeys && typeof tec !== 'object') {
    const idOf = (v: Json) => (typeof v === 'number' || /^\d+$/.test(String(v)) ? Number(v) > 0 : v);
    if (idOf(tec) !== idOf(ours)) out.push({ path, tec, ours });
    return;
  }
  if (typeof tec === 'string' && typeof ours === 'string') {
    if (
      URL_KEYS.has(key)
        ? normalizeUrl(tec) === normalizeUrl(ours, tec)
        : normalizeString(tec) === normalizeString(ours)
    )
      return;
    if (DATE_TIME.test(tec) && DATE_TIME.test(ours) && closeDateTimes(tec, ours)) return;
    if (URL_KEYS.has(key) && closeUrls(normalizeUrl(tec), normalizeUrl(ours, tec))) return;
    if (URL_KEYS.has(key)) out.push({ path, tec: normalizeUrl(tec), ours: normalizeUrl(ours, tec) });
    else out.push({ path, tec, ours });
    return;
  }
  if (Array.isArray(tec) && Array.isArray(ours)) {
    if (tec.length !== ours.length) out.push({ path: `${path}.length`, tec: tec.length, ours: ours.length });
    for (let i = 0; i < Math.min(tec.length, ours.length); i++)
      compareValues(tec[i], ours[i], `${path}[${i}]`, key, out);
    return;
  }
  const isObject = (v: Json) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(tec) && isObject(ours)) {
    for (const name of Object.keys(tec)) {
      if (!(name in ours)) {
        if (!(name in LEGITIMATE_DIFFERENCES.ignoredKeys))
          out.push({ path: `${path}.${name}`, tec: tec[name] });
        continue;
      }
      compareValues(tec[name], ours[name], `${path}.${name}`, name, out);
    }
    for (const name of Object.keys(ours))
      if (!(name in tec)) out.push({ path: `${path}.${name}`, ours: ours[name] });
    return;
  }
  if (tec !== ours) out.push({ path, tec, ours });
}

function headerValue(name: string, value: string | undefined): string | undefined {
  if (value === undefined || name !== 'allow') return value;
  return value
    .split(',')
    .map((method) => method.trim().toUpperCase())
    .sort()
    .join(', ');
}

/**
 * The differences between the plugin's answer and ours, after `LEGITIMATE_DIFFERENCES`: the status, the
 * compared headers (`allow` as a set of methods), and the body (`$`), every key both ways.
 */
export function compareAnswers(tec: RecordedAnswer, ours: RecordedAnswer): Difference[] {
  const out: Difference[] = [];
  if (tec.status !== ours.status) out.push({ path: 'status', tec: tec.status, ours: ours.status });
  for (const name of LEGITIMATE_DIFFERENCES.headers.compared) {
    const a = headerValue(name, tec.headers[name]);
    const b = headerValue(name, ours.headers[name]);
    if (a !== b) out.push({ path: `header:${name}`, tec: a, ours: b });
  }
  compareValues(tec.body, ours.body, '$', '', out);
  return out;
}
