import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The one test configuration of the repository: a project per package (`--project core` and so on), all run
 * in parallel, and a `serial` project for the files that measure time or CPU, kill processes, or start a
 * browser: they run after the others, one at a time, so that no other test file competes with what they
 * measure or wait for. The benchmark's own end-to-end test (tools/bench/test) runs with the others: it checks
 * the shape of the figures, never their size, and each of its scenarios lasts a fixed time however loaded the
 * machine is.
 */
const SERIAL = [
  'packages/tests/src/faults/*.test.ts',
  'packages/server/src/docs-page.browser.test.ts',
  'packages/server/src/pages/pages.browser.test.ts',
  'tools/bench/src/targets/cpu.test.ts',
  // Builds the server with turbo as tools/bench/test/bench.test.ts does: the two at once would write its
  // build over each other.
  'tools/bench/test/multi-instance.test.ts',
  // Builds the packages with turbo too (and installs them with npm into a temporary app).
  'packages/tests/src/install/pack-install.test.ts',
];

/**
 * `isolate: false` lets a worker keep the modules it imported from one test file to the next, instead of
 * importing core again for every file, which costs a large share of a run. Those packages' test files
 * keep no state in modules: every file makes its own core, database and server. The others stay isolated:
 * http-express replaces `express` with `vi.mock`, and the server's files stub the environment and start
 * processes of their own.
 */
const PACKAGES: Record<string, { root: string; testTimeout?: number; isolate?: false }> = {
  core: { root: 'packages/core', isolate: false },
  'http-express': { root: 'packages/http-express' },
  'http-fastify': { root: 'packages/http-fastify' },
  'http-fetch': { root: 'packages/http-fetch' },
  server: { root: 'packages/server' },
  client: { root: 'packages/client' },
  tests: { root: 'packages/tests', isolate: false },
  view: { root: 'packages/view' },
  bench: { root: 'tools/bench', testTimeout: 90_000 },
  'example-calendar-page': { root: 'examples/calendar-page' },
  'example-express-mount': { root: 'examples/express-mount' },
  'example-fastify-register': { root: 'examples/fastify-register' },
  'example-hono': { root: 'examples/hono' },
  'example-nextjs-route': { root: 'examples/nextjs-route' },
  'example-library-only': { root: 'examples/library-only' },
};

/**
 * Test files that run at once: one per core and one more, since a good part of a file's time is spent
 * waiting for PostgreSQL, a child process or a socket (`--maxWorkers` on the command line overrides it).
 */
const WORKERS = availableParallelism() + 1;

/** What every project shares: core's source (not its build) is what the tests import, and the time limits. */
const shared = {
  ssr: { resolve: { conditions: ['@calendar-events/source', ...defaultServerConditions] } },
  test: { testTimeout: 30_000, hookTimeout: 60_000 },
} satisfies TestProjectInlineConfiguration;

const packageProjects = Object.entries(PACKAGES).map(
  ([name, { root, testTimeout, isolate }]): TestProjectInlineConfiguration => ({
    ...shared,
    root,
    test: {
      ...shared.test,
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [
        ...configDefaults.exclude,
        ...SERIAL.filter((path) => path.startsWith(`${root}/`)).map((path) => path.slice(root.length + 1)),
      ],
      ...(testTimeout ? { testTimeout } : {}),
      ...(isolate === false ? { isolate } : {}),
    },
  }),
);

export default defineConfig({
  test: {
    // The root's global setup runs once per run (a project's would run once per project).
    // The view's bundle is built first: the server serves it, and its tests load it.
    globalSetup: ['packages/view/test/global-setup.ts', 'packages/tests/src/global-setup.ts'],
    maxWorkers: WORKERS,
    projects: [
      ...packageProjects,
      {
        ...shared,
        test: { ...shared.test, name: 'serial', include: SERIAL, maxWorkers: 1, testTimeout: 90_000 },
      },
    ],
  },
});
