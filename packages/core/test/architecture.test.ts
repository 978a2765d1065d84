/**
 * The intended layers of core, enforced (REDESIGN.md "The intended layers"; DESIGN.md "Where things live"): every
 * import between source files, type-only and dynamic ones included, must follow an arrow of PARTS, and no file may
 * reach itself through its imports. Also the limits of length the whole repository keeps (LINE_LIMITS).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '../src');

/** Each part, its folder or file, and the parts it may import (bottom to top). */
const PARTS: Record<string, { where: string[]; imports: string[] }> = {
  Errors: { where: ['errors/'], imports: [] },
  I18n: { where: ['i18n/'], imports: [] },
  Support: { where: ['support/'], imports: [] },
  Logger: { where: ['logger.ts'], imports: [] },
  Config: { where: ['config.ts'], imports: [] },
  Dates: { where: ['dates/'], imports: ['Support'] },
  Text: { where: ['text/'], imports: ['Support'] },
  Db: { where: ['db/'], imports: ['Logger', 'Dates'] },
  // RFC 5545: recurrence rules, time zone names and blocks, reading and writing calendars (no database).
  Ical: { where: ['ical/'], imports: ['Dates', 'Errors', 'Support'] },
  Auth: { where: ['auth/'], imports: ['Errors', 'Config', 'Logger', 'Db', 'Dates'] },
  Cache: { where: ['cache/'], imports: ['Db'] },
  RouteTable: {
    where: ['route-table/'],
    imports: ['Errors', 'I18n', 'Auth', 'Db', 'Cache', 'Config', 'Logger'],
  },
  Extensions: { where: ['extensions/'], imports: ['RouteTable', 'Db', 'Errors', 'I18n', 'Config'] },
  OpenApi: { where: ['openapi/'], imports: ['RouteTable', 'I18n', 'Errors', 'Config'] },
  Resources: {
    where: ['resources/'],
    imports: [
      'RouteTable',
      'Errors',
      'I18n',
      'Auth',
      'Db',
      'Dates',
      'Text',
      'Cache',
      'Config',
      'Support',
      'Extensions',
      'Ical',
      // Type only: the horizon keeper logs a series it cannot extend.
      'Logger',
    ],
  },
  // The batch importers (an .ics file, a site of the plugin): they write through the resources.
  Import: {
    where: ['import/'],
    imports: [
      'Resources',
      'RouteTable',
      'Errors',
      'I18n',
      'Auth',
      'Db',
      'Dates',
      'Text',
      'Config',
      'Extensions',
      'Ical',
    ],
  },
  // The namespace index and /doc are resources that describe the others.
  Discovery: { where: ['resources/discovery/'], imports: ['RouteTable', 'OpenApi', 'Config'] },
  Http: {
    where: ['http/'],
    imports: ['RouteTable', 'Resources', 'Cache', 'Errors', 'Auth', 'Db', 'Config', 'Logger'],
  },
  Core: {
    where: ['core.ts', 'options.ts', 'routes.ts', 'index.ts', 'sqlite.ts', 'postgres.ts', 'internal.ts'],
    imports: ['*'],
  },
};

/** Rooms entered only by their doors: a file outside the folder imports only these files of it. */
const ROOMS: Record<string, string[]> = {
  // Recurring events (its README.md); reading.ts is the lower door, for the code that reads events.
  'resources/events/series/': ['index.ts', 'reading.ts'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testdata' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function partOf(file: string): string {
  const relative = path.relative(SOURCE, file);
  let best: [string, number] | undefined;
  for (const [part, { where }] of Object.entries(PARTS))
    for (const prefix of where)
      if ((relative === prefix || relative.startsWith(prefix)) && prefix.length > (best?.[1] ?? -1))
        best = [part, prefix.length];
  if (!best) throw new Error(`${relative} belongs to no part of the architecture test`);
  return best[0];
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) =>
    path.resolve(path.dirname(file), (m[1] ?? m[2])!.replace(/\.js$/, '.ts')),
  );
}

const files = sourceFiles(SOURCE);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('core architecture', () => {
  it('imports only along the arrows of the intended layers', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets) {
        const [from, to] = [partOf(file), partOf(target)];
        const allowed = PARTS[from]!.imports;
        if (from !== to && !allowed.includes('*') && !allowed.includes(to))
          wrong.push(`${path.relative(SOURCE, file)} (${from}) → ${path.relative(SOURCE, target)} (${to})`);
      }
    expect(wrong).toEqual([]);
  });

  it('enters a room only by its doors', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets)
        for (const [room, doors] of Object.entries(ROOMS)) {
          const [from, to] = [path.relative(SOURCE, file), path.relative(SOURCE, target)];
          if (to.startsWith(room) && !from.startsWith(room) && !doors.includes(to.slice(room.length)))
            wrong.push(`${from} → ${to}`);
        }
    expect(wrong).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push(
          [...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(SOURCE, f)).join(' → '),
        );
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('knows every file it checks (the table of parts covers the source tree)', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(() => partOf(file)).not.toThrow();
  });
});

/**
 * Lines a source file may have: a file longer than the default is one nobody reads whole, and the request
 * pipeline that grows past its limit stops reading as a list of steps (each step's work belongs in its own file).
 * Source files: the `.ts` files under `src/` of every package and tool, tests and their test data excepted.
 */
const LINE_LIMITS = {
  default: 400,
  files: { 'packages/core/src/http/handle.ts': 120 } as Record<string, number>,
  /** Files no limit applies to, each with the reason. */
  exempt: {
    // One entry per rule in timelib's order, so that the port and the original read side by side.
    'packages/core/src/dates/strtotime-scanner.ts': "the table of timelib's scanner rules (parse_date.re)",
    'packages/client/src/schema.gen.ts':
      "generated by openapi-typescript from the service's OpenAPI document",
  } as Record<string, string>,
};

const REPOSITORY = path.resolve(import.meta.dirname, '../../..');

/** Lines as an editor numbers them: a final newline ends the last line rather than starting another. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Each file over its limit, as `path: N lines (limit L)`; `lines` maps repository paths to their counts. */
function overLimits(lines: ReadonlyMap<string, number>, limits: typeof LINE_LIMITS): string[] {
  const over: string[] = [];
  for (const [file, count] of lines) {
    if (Object.hasOwn(limits.exempt, file)) continue;
    const limit = limits.files[file] ?? limits.default;
    if (count > limit) over.push(`${file}: ${count} lines (limit ${limit})`);
  }
  return over.sort();
}

function repositorySources(): Map<string, number> {
  const roots = ['packages', 'tools'].flatMap((group) =>
    readdirSync(path.join(REPOSITORY, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(REPOSITORY, group, entry.name, 'src'))
      .filter((root) => existsSync(root)),
  );
  const files = roots.flatMap((root) => sourceFiles(root));
  return new Map(
    files.map((file) => [
      path.relative(REPOSITORY, file).split(path.sep).join('/'),
      lineCount(readFileSync(file, 'utf8')),
    ]),
  );
}

describe('the limits of length', () => {
  const sources = repositorySources();

  it('holds every source file to its limit of lines', () => {
    expect(overLimits(sources, LINE_LIMITS)).toEqual([]);
  });

  it('names only files that exist, and exempts only files that need it', () => {
    expect(sources.size).toBeGreaterThan(200);
    for (const file of Object.keys(LINE_LIMITS.files)) expect(sources.has(file), file).toBe(true);
    for (const file of Object.keys(LINE_LIMITS.exempt))
      expect(sources.get(file) ?? 0, `${file} is exempt`).toBeGreaterThan(LINE_LIMITS.default);
  });

  it('counts lines as an editor numbers them, and names each file over its limit with its count', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([
      0, 1, 1, 2, 2,
    ]);
    const limits = { default: 3, files: { 'special.ts': 1 }, exempt: { 'table.ts': 'a table' } };
    const lines = new Map([
      ['short.ts', 3],
      ['long.ts', 4],
      ['special.ts', 2],
      ['table.ts', 99],
    ]);
    expect(overLimits(lines, limits)).toEqual([
      'long.ts: 4 lines (limit 3)',
      'special.ts: 2 lines (limit 1)',
    ]);
  });
});
