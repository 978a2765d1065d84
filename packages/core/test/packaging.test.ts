/**
 * Packaging (REDESIGN.md "Packaging"): `@calendar-events/core` loads no database driver, so an application that
 * installed neither optional peer (`better-sqlite3`, `pg`) still gets `createCalendarCore`; each driver is
 * loaded by its subpath (`/sqlite`, `/postgres`) or by `connectDatabase`, when asked for.
 *
 * Each probe runs in a child `node` process whose preload (support/without-drivers.mjs) makes both drivers
 * unresolvable. Twice: on the source entry (what index.ts imports), and on the build, made here with the
 * package's own tsup config into a copy of the package (what is published: the ES module build once hoisted
 * the drivers' lazy imports to the top of index.js, which the source alone cannot show), through its
 * `exports` map, as `import` and as `require`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const PACKAGE = path.resolve(import.meta.dirname, '..');
const WITHOUT_DRIVERS = path.join(PACKAGE, 'test/support/without-drivers.mjs');
/** Inside the package's node_modules, so that the built files find kysely, luxon, … as dist/ does. */
const BUILT = path.join(PACKAGE, 'node_modules/.packaging-test');

interface Probe {
  /** The root entry's export names, or its load error. */
  root: string[] | string;
  /** Each subpath's export names, or its load error. */
  sqlite: string[] | string;
  postgres: string[] | string;
  /** What `connectDatabase('sqlite::memory:')` did. */
  connect: string;
}

const ESM_PROBE = `
const out = {};
const names = (m) => Object.keys(m).filter((k) => k !== 'default' && k !== 'module.exports').sort();
try { out.root = names(await import('@calendar-events/core')); } catch (e) { out.root = String(e.message); }
for (const sub of ['sqlite', 'postgres'])
  try { out[sub] = names(await import('@calendar-events/core/' + sub)); } catch (e) { out[sub] = String(e.message); }
try {
  const db = await (await import('@calendar-events/core')).connectDatabase('sqlite::memory:');
  await db.destroy();
  out.connect = 'opened';
} catch (e) { out.connect = String(e.message); }
console.log(JSON.stringify(out));
`;

const CJS_PROBE = `
const out = {};
const names = (m) => Object.keys(m).sort();
try { out.root = names(require('@calendar-events/core')); } catch (e) { out.root = String(e.message); }
for (const sub of ['sqlite', 'postgres'])
  try { out[sub] = names(require('@calendar-events/core/' + sub)); } catch (e) { out[sub] = String(e.message); }
require('@calendar-events/core').connectDatabase('sqlite::memory:').then(
  async (db) => { await db.destroy(); out.connect = 'opened'; },
  (e) => { out.connect = String(e.message); },
).then(() => console.log(JSON.stringify(out)));
`;

/**
 * Runs a probe in a child process: `script` (a file inside the package, so that `@calendar-events/core` names
 * the package itself), or the ES module probe evaluated in `cwd`.
 */
function probe(options: { drivers: boolean; cwd: string; script?: string; source?: boolean }): Probe {
  const args = [
    ...(options.source ? ['--conditions=@calendar-events/source', '--import', 'tsx'] : []),
    ...(options.drivers ? [] : ['--import', pathToFileURL(WITHOUT_DRIVERS).href]),
    ...(options.script ? [options.script] : ['--input-type=module', '--eval', ESM_PROBE]),
  ];
  const run = spawnSync(process.execPath, args, { cwd: options.cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Probe;
}

function expectRootWithoutDrivers(result: Probe): void {
  expect(result.root).toContain('createCalendarCore');
  expect(result.root).toContain('connectDatabase');
  expect(result.root).not.toContain('createSqliteDatabase');
  expect(result.root).not.toContain('createPostgresDatabase');
  // Each driver is needed by its subpath, and by connectDatabase once it is asked for.
  expect(result.sqlite).toMatch(/Cannot find .*'better-sqlite3'/);
  expect(result.postgres).toMatch(/Cannot find .*'pg'/);
  expect(result.connect).toMatch(/Cannot find .*'better-sqlite3'/);
}

function expectDrivers(result: Probe): void {
  expect(result.root).toContain('createCalendarCore');
  expect(result.sqlite).toContain('createSqliteDatabase');
  expect(result.postgres).toContain('createPostgresDatabase');
  expect(result.connect).toBe('opened');
}

describe('the source entry', () => {
  it('gives createCalendarCore without better-sqlite3 and pg; /sqlite and /postgres need them', () => {
    expectRootWithoutDrivers(probe({ drivers: false, cwd: PACKAGE, source: true }));
  });

  it('loads each driver through its subpath when it is installed', () => {
    expectDrivers(probe({ drivers: true, cwd: PACKAGE, source: true }));
  });
});

describe('the build (tsup.config.ts, through the exports map)', () => {
  const copy = path.join(BUILT, 'package');
  beforeAll(() => {
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(copy, { recursive: true });
    copyFileSync(path.join(PACKAGE, 'package.json'), path.join(copy, 'package.json'));
    // The package's config, without declarations and source maps (they take seconds and change nothing here).
    const config = path.join(BUILT, 'tsup.config.mjs');
    writeFileSync(
      config,
      `import config from ${JSON.stringify(pathToFileURL(path.join(PACKAGE, 'tsup.config.ts')).href)};\n` +
        `export default { ...config, outDir: ${JSON.stringify(path.join(copy, 'dist'))}, dts: false, sourcemap: false, silent: true };\n`,
    );
    const cli = path.join(
      path.dirname(createRequire(import.meta.url).resolve('tsup/package.json')),
      'dist/cli-default.js',
    );
    const tsup = spawnSync(process.execPath, ['--import', 'tsx', cli, '--config', config], {
      cwd: PACKAGE,
      encoding: 'utf8',
    });
    if (tsup.status !== 0) throw new Error(`tsup failed:\n${tsup.stdout}\n${tsup.stderr}`);
    writeFileSync(path.join(copy, 'probe.mjs'), ESM_PROBE);
    writeFileSync(path.join(copy, 'probe.cjs'), CJS_PROBE);
  }, 60_000);

  for (const format of ['mjs', 'cjs'] as const) {
    const how = format === 'mjs' ? 'import' : 'require';
    it(`${how}: gives createCalendarCore without better-sqlite3 and pg; /sqlite and /postgres need them`, () => {
      expectRootWithoutDrivers(
        probe({ drivers: false, cwd: copy, script: path.join(copy, `probe.${format}`) }),
      );
    });

    it(`${how}: loads each driver through its subpath when it is installed`, () => {
      expectDrivers(probe({ drivers: true, cwd: copy, script: path.join(copy, `probe.${format}`) }));
    });
  }
});
