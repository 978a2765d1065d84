export {
  type EventTerms,
  findTermIdsForFilter,
  loadEventTerms,
  resolveEventTermIds,
  setEventTerms,
} from './event-terms.js';
export { serializeEmbeddedTerm, serializeTerm } from './serialize.js';
export { CATEGORY, TAG, type TaxonomyKind, taxonomyKind } from './taxonomy.js';
export { categoryRoutes, tagRoutes } from './terms.js';
