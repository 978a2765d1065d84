import { defineConfig } from 'tsup';

export default defineConfig({
  // The root entry loads no database driver: each lives behind its own subpath (and `connectDatabase`'s lazy
  // imports). Splitting keeps it so in the build: without it, the ES module build hoists the drivers'
  // imports, from the bundled lazy imports, to the top of index.js. Shared code goes to chunks, so the
  // entries share one copy of it.
  entry: {
    index: 'src/index.ts',
    sqlite: 'src/sqlite.ts',
    postgres: 'src/postgres.ts',
    internal: 'src/internal.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: true,
  // ESM-only dependency: bundle it so the CommonJS build can use it too.
  noExternal: ['@sindresorhus/slugify'],
});
