/**
 * `@calendar-events/core/internal`: pieces of core's inside that the benchmark and the tests use to build
 * what the service itself would build (rows, slugs) or to reach what they test (the migrations, the routes'
 * types). **No semver**: anything here may change or go in any release, patch releases included.
 * Applications use `@calendar-events/core` and its `/sqlite` and `/postgres` subpaths only.
 * @module
 */
export { addWallSeconds, formatUtc, pad, wallTimeText } from './dates/format.js';
export { insertRowsChunked } from './db/insert-many.js';
export { migrationProvider } from './db/migrations/index.js';
export { BASELINE_MIGRATION, OLD_CHAIN } from './db/migrations/old-chain.js';
export type { Database as DatabaseSchema } from './db/schema.js';
export { sqliteTraits } from './db/traits.js';
export {
  derivedStateProvince,
  eventOrganizerRows,
  eventRows,
  eventTermRows,
  listingStatus,
  organizerRow,
  type PostInput,
  postRow,
  searchRows,
  type TermValues,
  type TextRow,
  termRow,
  termRows,
  termSearchBody,
  type VenueValues,
  venueRow,
} from './resources/posts/rows.js';
export type { ParamSpec } from './route-table/params.js';
export type { HttpMethod } from './route-table/route.js';
export { MAX_SLUG_LENGTH, sanitizeSlug } from './text/slug.js';
