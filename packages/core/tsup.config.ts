import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: false,
  // ESM-only dependency: bundle it so the CommonJS build can use it too.
  noExternal: ['@sindresorhus/slugify'],
});
