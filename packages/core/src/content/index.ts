/** Content rules shared by the resources: cost parsing and formatting, HTML rendering, slugs. */
export {
  type CostDetails,
  type CurrencyPosition,
  costDetails,
  formatCost,
  type ParsedCost,
  parseCost,
} from './cost.js';
export { plainText, renderHtml, wpautop } from './html.js';
export { MAX_SLUG_LENGTH, sanitizeSlug, uniqueSlug } from './slug.js';
