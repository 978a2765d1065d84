import { defineConfig } from 'tsup';

/**
 * One ES module for browsers, EventCalendar (and Svelte, which it is built with) included, so a plain page can
 * `<script type="module" src=…>` it; its stylesheet goes in as text.
 */
export default defineConfig({
  entry: { 'calendar-events-view': 'src/calendar-events-view.ts' },
  format: ['esm'],
  platform: 'browser',
  target: 'es2022',
  noExternal: [/.*/],
  loader: { '.css': 'text' },
  minify: true,
  // The test run's global setup builds the bundle alone (its types take ten seconds and no test reads them).
  dts: process.env.CALENDAR_EVENTS_VIEW_BUNDLE_ONLY
    ? false
    : { entry: { 'calendar-events-view': 'src/calendar-events-view.ts' } },
  sourcemap: true,
  clean: !process.env.CALENDAR_EVENTS_VIEW_BUNDLE_ONLY,
  splitting: false,
});
