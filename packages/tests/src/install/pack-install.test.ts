/**
 * The packages as a user gets them (issue 33, item 6): every package of `packages/` that is not private is built,
 * packed with `pnpm pack` (which turns `workspace:` ranges into versions), and checked to hold what it declares
 * (`files`, every `exports`/`main`/`types`/`bin` target, LICENSE, README) and the metadata a registry needs. Then
 * a fresh app outside the workspace installs the tarballs it needs with `npm install <tarballs>` from the npm
 * registry, mounts the Express router over SQLite, writes an event and answers a list.
 *
 * better-sqlite3 would compile from source here (about 100 s: its prebuilt binaries are downloaded from GitHub,
 * which CI cannot reach). Its installer, prebuild-install, also takes a local prebuild: the binary this
 * workspace's install compiled for the same Node and the same better-sqlite3 version, packed as a prebuild
 * (`npm_config_better_sqlite3_local_prebuilds`). Without it (another version), npm compiles it as a user's
 * machine would. npm's cache is CI's cache directory when `CALENDAR_EVENTS_CI_CACHE` names one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PACKAGES = path.join(ROOT, 'packages');

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  files?: string[];
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: unknown;
  engines?: { node?: string };
  repository?: { type?: string; url?: string; directory?: string };
  publishConfig?: { access?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Every package under packages/ that is published (not private), with its folder. */
const published = readdirSync(PACKAGES)
  .filter((dir) => existsSync(path.join(PACKAGES, dir, 'package.json')))
  .map((dir) => ({
    dir,
    manifest: JSON.parse(readFileSync(path.join(PACKAGES, dir, 'package.json'), 'utf8')) as Manifest,
  }))
  .filter(({ manifest }) => !manifest.private);

/** The files an `exports` map points at, leaving out the workspace's own source condition. */
function exportTargets(value: unknown, condition = ''): string[] {
  if (typeof value === 'string') return condition === '@calendar-events/source' ? [] : [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => exportTargets(inner, key));
}

const npmEnv = () => ({
  ...process.env,
  npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr',
  ...(process.env.CALENDAR_EVENTS_CI_CACHE
    ? { npm_config_cache: path.join(process.env.CALENDAR_EVENTS_CI_CACHE, 'npm-cache') }
    : {}),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
});

let work: string;
const tarballs = new Map<string, string>();
const packedFiles = new Map<string, string[]>();

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'calendar-events-pack-'));
  const filters = published.flatMap(({ manifest }) => ['--filter', manifest.name]);
  // turbo's cache makes this quick after the other tests built the server; a new package builds here.
  execFileSync('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  const destination = path.join(work, 'tarballs');
  mkdirSync(destination);
  for (const { dir, manifest } of published) {
    const out = execFileSync('pnpm', ['pack', '--pack-destination', destination, '--json'], {
      cwd: path.join(PACKAGES, dir),
      encoding: 'utf8',
    });
    // A package's `prepare` script (the view's bundle) prints before pnpm's JSON, which starts a line with `{`.
    const json = out.startsWith('{') ? out : out.slice(out.lastIndexOf('\n{') + 1);
    const packed = JSON.parse(json) as { filename: string; files: { path: string }[] };
    tarballs.set(manifest.name, packed.filename);
    packedFiles.set(
      manifest.name,
      packed.files.map((file) => file.path),
    );
  }
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('every published package packs', () => {
  const rootLicense = readFileSync(path.join(ROOT, 'LICENSE'), 'utf8');

  it('finds the published packages', () => {
    expect(published.map(({ manifest }) => manifest.name)).toEqual(
      expect.arrayContaining([
        '@calendar-events/core',
        '@calendar-events/http-express',
        '@calendar-events/http-fastify',
        '@calendar-events/http-fetch',
        '@calendar-events/server',
      ]),
    );
  });

  it.each(published.map(({ dir, manifest }) => [manifest.name, dir, manifest] as const))(
    '%s holds what it declares, with the metadata a registry needs',
    (name, dir, manifest) => {
      const files = packedFiles.get(name)!;
      for (const entry of manifest.files ?? []) {
        expect(
          files.some((file) => file === entry || file.startsWith(`${entry}/`)),
          `${name}: "files" names ${entry}, the tarball has none of it`,
        ).toBe(true);
      }
      const targets = [
        ...exportTargets(manifest.exports),
        ...(manifest.main ? [manifest.main] : []),
        ...(manifest.types ? [manifest.types] : []),
        ...Object.values(manifest.bin ?? {}),
      ].map((target) => path.posix.normalize(target));
      for (const target of targets) expect(files, `${name}: ${target}`).toContain(target);
      expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
      expect(readFileSync(path.join(PACKAGES, dir, 'LICENSE'), 'utf8')).toBe(rootLicense);
      expect(manifest).toMatchObject({
        license: 'MIT',
        publishConfig: { access: 'public' },
        engines: { node: expect.any(String) },
        repository: {
          type: 'git',
          url: expect.stringMatching(/^git\+https:\/\//),
          directory: `packages/${dir}`,
        },
      });
      // The packed manifest names versions, never the workspace protocol.
      const packedManifest = execFileSync('tar', ['-xzOf', tarballs.get(name)!, 'package/package.json'], {
        encoding: 'utf8',
      });
      expect(packedManifest).not.toContain('workspace:');
    },
  );
});

describe('a fresh app outside the workspace', () => {
  it('installs the tarballs with npm, mounts the Express router over SQLite and answers a list', () => {
    const app = path.join(work, 'app');
    mkdirSync(app);
    expect(path.relative(ROOT, app).startsWith('..')).toBe(true);
    writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'app', private: true, type: 'module' }),
    );

    // better-sqlite3 as the workspace has it, with the workspace's compiled binary as its local prebuild.
    const workspaceRequire = createRequire(path.join(PACKAGES, 'core/package.json'));
    const driverDir = path.dirname(workspaceRequire.resolve('better-sqlite3/package.json'));
    const driverVersion = (JSON.parse(readFileSync(path.join(driverDir, 'package.json'), 'utf8')) as Manifest)
      .version;
    const prebuilds = path.join(work, 'prebuilds');
    mkdirSync(prebuilds);
    if (existsSync(path.join(driverDir, 'build/Release/better_sqlite3.node'))) {
      const prebuild = `better-sqlite3-v${driverVersion}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
      execFileSync('tar', ['-czf', path.join(prebuilds, prebuild), 'build/Release/better_sqlite3.node'], {
        cwd: driverDir,
      });
    }
    const expressVersion = (
      JSON.parse(
        readFileSync(
          createRequire(path.join(PACKAGES, 'http-express/package.json')).resolve('express/package.json'),
          'utf8',
        ),
      ) as Manifest
    ).version;

    const install = spawnSync(
      'npm',
      [
        'install',
        '--loglevel=error',
        tarballs.get('@calendar-events/core')!,
        tarballs.get('@calendar-events/http-express')!,
        `express@${expressVersion}`,
        `better-sqlite3@${driverVersion}`,
      ],
      {
        cwd: app,
        encoding: 'utf8',
        env: { ...npmEnv(), npm_config_better_sqlite3_local_prebuilds: prebuilds },
      },
    );
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    // Real copies from the tarballs, not links into the workspace.
    expect(lstatSync(path.join(app, 'node_modules/@calendar-events/core')).isSymbolicLink()).toBe(false);

    const year = new Date().getFullYear() + 1;
    writeFileSync(
      path.join(app, 'main.js'),
      `
import { connectDatabase, createApiKey, createCalendarCore, createUser } from '@calendar-events/core';
import { createCalendarRouter } from '@calendar-events/http-express';
import express from 'express';

const database = await connectDatabase('sqlite::memory:');
await database.migrate();
await createUser(database.kysely, { login: 'ada', role: 'editor' });
const key = await createApiKey(database.kysely, 'ada');
const core = createCalendarCore({ database, siteUrl: 'https://example.org' });
const app = express();
app.use('/api', createCalendarRouter({ core }));
const server = app.listen(0, '127.0.0.1', async () => {
  const api = 'http://127.0.0.1:' + server.address().port + '/api/calendar/events/v1';
  const created = await fetch(api + '/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + key },
    body: JSON.stringify({ title: 'Packed Night', start_date: '${year}-07-04 19:30', end_date: '${year}-07-04 23:00' }),
  });
  const list = await fetch(api + '/events');
  const { events } = await list.json();
  console.log(JSON.stringify({ created: created.status, list: list.status, titles: events.map((e) => e.title) }));
  server.close();
  await core.close();
});
`,
    );
    const run = spawnSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ created: 201, list: 200, titles: ['Packed Night'] });

    // The CommonJS build of the same packages loads too.
    const cjs = spawnSync(
      process.execPath,
      [
        '-e',
        "console.log(typeof require('@calendar-events/http-express').createCalendarRouter, typeof require('@calendar-events/core').createCalendarCore)",
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(cjs.stdout.trim()).toBe('function function');
  }, 300_000);
});
