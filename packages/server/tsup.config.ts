import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    // The CJS build needs `import.meta.url` (the API reference finds swagger-ui-dist's files with it).
    shims: true,
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: false,
  },
  {
    // The CLI is an ES module (it awaits at the top level) and an executable.
    entry: ['src/cli.ts'],
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
